/** What openDatabase hands the code above it, the same on both backends. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, type ScratchDatabase } from '../../testing/server/databases.js';
import { DatabaseFileMissing, describePostgres, openDatabase, SQLITE_FILE } from './database.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('openDatabase', () => {
  it('given a PostgreSQL URL with a password should name the database without it', () => {
    expect(describePostgres('postgres://kasuwa:s3cret@db.internal:6432/shop')).toBe(
      'PostgreSQL kasuwa@db.internal:6432/shop',
    );
    expect(describePostgres('postgresql://db.internal/shop')).toBe('PostgreSQL db.internal:5432/shop');
  });

  it('given DATABASE_URL=sqlite:FILE should use that file and write none under DATA_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-url-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'elsewhere', 'shop.sqlite');
    const opened = await openDatabase({ dataDir: path.join(dir, 'data'), databaseUrl: `sqlite:${file}` });
    cleanups.push(() => opened.close());
    expect(opened.description).toBe(`SQLite ${file}`);
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'data', SQLITE_FILE))).toBe(false);
  });

  it('given a new data directory should keep it, the database and its WAL to the server user alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-modes-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const dataDir = path.join(dir, 'data');
    const opened = await openDatabase({ dataDir });
    cleanups.push(() => opened.close());
    await sql`CREATE TABLE probe (x integer)`.execute(opened.db);
    const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
    const file = path.join(dataDir, SQLITE_FILE);
    expect([mode(dataDir), mode(file), mode(`${file}-wal`)]).toEqual(['700', '600', '600']);
  });

  it("given DATABASE_URL=sqlite:FILE that is gone while DATA_DIR holds an earlier start's salt should refuse to make a new one", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-gone-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'elsewhere', 'shop.sqlite');
    const dataDir = path.join(dir, 'data');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'ip-hash.salt'), 'salt');
    await expect(openDatabase({ dataDir, databaseUrl: `sqlite:${file}` })).rejects.toThrow(
      new DatabaseFileMissing(
        `the database file ${file} is missing, but an earlier start left ${path.join(dataDir, 'ip-hash.salt')}: restore the file from a backup, or to start with a new empty database on purpose move those aside (or all of DATA_DIR) and start again.`,
      ),
    );
    expect(fs.existsSync(file)).toBe(false);
  });

  describe('on PostgreSQL', () => {
    let database: ScratchDatabase;
    const query = async <T>(text: string) =>
      (await sql<{ value: T }>`${sql.raw(text)}`.execute(database.opened.db)).rows[0]!.value;

    it('given bigint and timestamptz values should read numbers and UTC ISO strings, and refuse an unsafe integer', async () => {
      database = await freshDatabase('postgres');
      cleanups.push(() => database.drop());
      expect(await query('SELECT 9007199254740991::bigint AS value')).toBe(9_007_199_254_740_991);
      expect(await query('SELECT count(*) AS value FROM signups')).toBe(0);
      expect(await query("SELECT '2026-12-05 11:00:00.123456+01'::timestamptz AS value")).toBe(
        '2026-12-05T10:00:00.123Z',
      );
      await expect(query('SELECT 9007199254740993::bigint AS value')).rejects.toThrow(/beyond JavaScript's safe range/);
    });

    it('given the server ends a session in the middle of a transaction should fail that transaction, not the process, and answer the next query', async () => {
      database = await freshDatabase('postgres');
      cleanups.push(() => database.drop());
      const { db } = database.opened;
      const sessions = async (pid: number) =>
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ${pid}`.execute(db))
          .rows[0]?.n;
      const transaction = db.transaction().execute(async (trx) => {
        const { pid } = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0]!;
        // What an operator's pg_terminate_backend, a failover or an idle-session timeout does.
        await sql`SELECT pg_terminate_backend(${pid})`.execute(db);
        // The session is gone and its client, idle in this transaction, has had the news (an 'error' event).
        await expect.poll(() => sessions(pid)).toBe(0);
        await sql`SELECT 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      expect(await query('SELECT 1 AS value')).toBe(1);
    });
  });
});
