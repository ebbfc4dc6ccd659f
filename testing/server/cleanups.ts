/** What a test opens, it closes: `defer` each cleanup as it goes; they run after each test, last first. */
import { afterEach } from 'vitest';
import type { Backend } from '../../server/db/database.js';
import { freshDatabase, type ScratchDatabase } from './databases.js';

export type Cleanup = () => Promise<void> | void;

export function cleanupAfterEach() {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const defer = (cleanup: Cleanup): void => {
    cleanups.push(cleanup);
  };
  /** A scratch database of that backend, dropped after the test. */
  const fresh = async (backend: Backend): Promise<ScratchDatabase> => {
    const database = await freshDatabase(backend);
    defer(() => database.drop());
    return database;
  };
  return { defer, fresh };
}
