/**
 * Throwaway databases for tests and benchmarks, on either backend: a temporary DATA_DIR (mail, salt,
 * and the SQLite file) and, for PostgreSQL, a new database `kasuwa_test_<random>` on the server at
 * `adminUrl`, dropped again by drop(). Plain Node (no vitest), so the benchmarks use it too.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Backend, type Db, type OpenedDatabase, openDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrations/index.js';

export type ScratchDatabase = {
  backend: Backend;
  /** Opened and migrated. */
  opened: OpenedDatabase;
  /** What a server started on this database needs: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  drop(): Promise<void>;
};

/** The PostgreSQL server the benchmarks use when run by hand. */
export const DEFAULT_POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(adminUrl: string, text: string, timeoutMs?: number): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    if (timeoutMs) await client.query(`SET statement_timeout = ${timeoutMs}`);
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * DROP DATABASE waits until every backend of the cluster has seen a signal barrier; one stuck in a
 * client read (a COPY whose client hung) holds it up for ever. Tests must not hang on that: give up
 * after a while and say which database was left behind.
 */
export async function dropScratchDatabase(adminUrl: string, name: string): Promise<void> {
  try {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, 20_000);
  } catch (error) {
    console.warn(`[test] could not drop database ${name} (${(error as Error).message}); drop it by hand.`);
  }
}

export async function scratchDatabase(
  backend: Backend,
  adminUrl: string = DEFAULT_POSTGRES_ADMIN_URL,
  prefix = 'kasuwa_test',
): Promise<ScratchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-db-'));
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (backend === 'postgres') {
    name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const opened = await openDatabase({ dataDir, databaseUrl });
  await migrateToLatest(opened);
  return {
    backend,
    opened,
    env: databaseUrl ? { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir },
    async drop() {
      await opened.close();
      if (name) await dropScratchDatabase(adminUrl, name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How many rows a table holds: a number on both backends (PostgreSQL's count is a bigint). */
export async function countRows(db: Db, table: 'signups' | 'outbox' | 'sales' | 'stores' | 'contest_changes') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
