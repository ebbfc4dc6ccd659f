/** What every admin command that reads or writes data does first and last. */
import type { Config } from '../config.js';
import { type OpenedDatabase, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';

/** Opens DATA_DIR's database, brings its schema up to date, runs `work`, and closes it whatever happens. */
export async function withDatabase<T>(config: Config, work: (opened: OpenedDatabase) => T | Promise<T>): Promise<T> {
  const opened = openDatabase(config.dataDir);
  try {
    await migrateToLatest(opened.db as never);
    return await work(opened);
  } finally {
    await opened.db.destroy();
  }
}
