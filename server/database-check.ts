/**
 * Whether the database answers right now, for /readyz's body and kasuwa_database_up (docs/operations.md):
 * a `SELECT 1` given DATABASE_CHECK_TIMEOUT_MS, and never more than one in flight, so a hung database
 * holds one pooled connection for these checks, not one per check.
 */
import { isReachable, type OpenedDatabase } from './db/database.js';

export const DATABASE_CHECK_TIMEOUT_MS = 1000;

/** `promise`'s value, or `fallback` once `ms` have passed first (the promise itself runs on). */
export async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function databaseCheck(opened: OpenedDatabase, timeoutMs = DATABASE_CHECK_TIMEOUT_MS): () => Promise<boolean> {
  let inFlight: Promise<boolean> | undefined;
  return () => {
    inFlight ??= isReachable(opened).finally(() => {
      inFlight = undefined;
    });
    return within(inFlight, timeoutMs, false);
  };
}
