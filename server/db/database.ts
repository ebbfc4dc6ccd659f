/**
 * Opens the database. Today: embedded SQLite (better-sqlite3) under DATA_DIR in WAL mode with
 * synchronous=FULL, so an acknowledged write survives a process or OS crash. Everything above this
 * file speaks Kysely, so a PostgreSQL dialect can be added here without touching the core.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export type OpenedDatabase = {
  db: Db;
  file: string;
  /** The raw handle, for the few places that need SQLite specifics (bulk import, health check). */
  sqlite: SQLite.Database;
};

export function openDatabase(dataDir: string, fileName = 'kasuwa.sqlite'): OpenedDatabase {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, fileName);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, file, sqlite };
}
