/** What every admin command that reads or writes data does first and last. */
import type { Config } from '../config.js';
import { type OpenedDatabase, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';

/** Opens the configured database (DATABASE_URL or DATA_DIR), brings its schema up to date, runs `work`, and closes it whatever happens. */
export async function withDatabase<T>(config: Config, work: (opened: OpenedDatabase) => T | Promise<T>): Promise<T> {
  const opened = await openDatabase(config);
  try {
    await migrateToLatest(opened);
    return await work(opened);
  } finally {
    await opened.close();
  }
}
