/**
 * Database suites run on both backends (docs/postgresql.md, "Tests"): `describe.each(TEST_BACKENDS)` and a fresh
 * database per file or test from freshDatabase(), or per test from cleanupAfterEach's `fresh` (dropped
 * after it). The PostgreSQL server is the one the global setup found (testing/system/postgres-global-setup.ts).
 */
import { inject } from 'vitest';
import type { Backend } from '../../server/db/database.js';
import { type ScratchDatabase, scratchDatabase } from './scratch-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL with the right to create databases. */
    postgresAdminUrl: string;
  }
}

export const TEST_BACKENDS: readonly Backend[] = ['sqlite', 'postgres'];

export function freshDatabase(backend: Backend): Promise<ScratchDatabase> {
  return scratchDatabase(backend, backend === 'postgres' ? inject('postgresAdminUrl') : undefined);
}

export type { ScratchDatabase };

/** The Redis the global setup found; fails the calling suite with how to get one when there is none. */
export function testRedisUrl(): string {
  const url = inject('redisUrl');
  if (!url) throw new Error(inject('redisProblem'));
  return url;
}
