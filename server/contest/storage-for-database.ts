/** The contest storage for an opened database: SQLite or PostgreSQL, the same interface. */
import type { OpenedDatabase } from '../db/database.js';
import { createPostgresContestStorage } from './postgres-storage.js';
import { createSqliteContestStorage } from './sqlite-storage.js';
import type { ContestStorage } from './storage.js';

export function contestStorageFor(opened: OpenedDatabase): ContestStorage {
  return opened.backend === 'sqlite'
    ? createSqliteContestStorage(opened.db, opened.sqlite)
    : createPostgresContestStorage(opened.pool);
}
