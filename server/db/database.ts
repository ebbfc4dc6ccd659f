/**
 * Opens the database: embedded SQLite (better-sqlite3) under DATA_DIR by default, or PostgreSQL when
 * DATABASE_URL says postgres:// (docs/postgresql.md); above this file both speak Kysely with the same
 * shapes (ids and counts are numbers, times UTC ISO strings). An acknowledged write survives a process
 * or OS crash: SQLite runs WAL with synchronous=FULL, PostgreSQL on fsync and synchronous_commit.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { MASK_FUNCTION, maskPersonal } from '../personal-segments.js';
import { DiskAwareSqliteDialect } from './disk-full.js';
import type { Database } from './schema.js';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from './timeouts.js';

export type Db = Kysely<Database>;
export type Backend = 'sqlite' | 'postgres';

type Common = {
  db: Db;
  /** The one line the server prints at start: which database, never a password. */
  description: string;
  close(): Promise<void>;
};
export type OpenedSqlite = Common & {
  backend: 'sqlite';
  file: string;
  /** The raw handle, for the few places that need SQLite specifics (bulk import, health check). */
  sqlite: SQLite.Database;
};
export type OpenedPostgres = Common & {
  backend: 'postgres';
  pool: pg.Pool;
  url: string;
  timeouts: DatabaseTimeouts;
  /** Sessions the server ended under us so far (restart, failover, pg_terminate_backend): kasuwa_database_sessions_lost_total. */
  sessionsLost(): number;
};
export type OpenedDatabase = OpenedSqlite | OpenedPostgres;

export type DatabaseLocation = {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL's session and pool bounds; DEFAULT_DATABASE_TIMEOUTS when not given. */
  databaseTimeouts?: DatabaseTimeouts;
};

export const SQLITE_FILE = 'kasuwa.sqlite';

export async function openDatabase(location: DatabaseLocation): Promise<OpenedDatabase> {
  const url = location.databaseUrl;
  if (url && /^postgres(ql)?:/.test(url)) return openPostgres(url, 10, location.databaseTimeouts);
  const file = url?.startsWith('sqlite:') ? sqliteFileOf(url) : path.join(location.dataDir, SQLITE_FILE);
  const missing = missingDatabase(file, location.dataDir);
  if (missing) throw new DatabaseFileMissing(missing);
  return openSqlite(file);
}

/** The SQLite file of an installation that ran before is gone: refused rather than started afresh. */
export class DatabaseFileMissing extends Error {}

/** What a start on SQLite leaves in DATA_DIR (installation.ts, mail/transport.ts) beside the database. */
const EARLIER_START = ['ip-hash.salt', 'mail'];

/**
 * A first start (nothing of an earlier one in DATA_DIR) creates the database; a missing file beside
 * an earlier start's salt, mail or WAL was lost (a deleted file, a volume not mounted): the reason.
 */
function missingDatabase(file: string, dataDir: string): string | undefined {
  if (fs.existsSync(file)) return undefined;
  const traces = [...EARLIER_START.map((name) => path.join(dataDir, name)), `${file}-wal`, `${file}-shm`].filter(
    (trace) => fs.existsSync(trace),
  );
  if (!traces.length) return undefined;
  return `the database file ${file} is missing, but an earlier start left ${traces.join(', ')}: restore the file from a backup, or to start with a new empty database on purpose move those aside (or all of DATA_DIR) and start again.`;
}

/** `sqlite:/abs/file.sqlite` or `sqlite:relative/file.sqlite` (relative to the working directory). */
export function sqliteFileOf(url: string): string {
  return path.resolve(url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, ''));
}

export function openSqlite(file: string): OpenedSqlite {
  // Signups are personal data: the folders we create and the database files are the server user's
  // alone. SQLite gives its -wal and -shm files the database file's mode; older installs are tightened.
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const own of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(own)) fs.chmodSync(own, 0o600);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The partners' daily counts trigger masks pages and campaigns with the request log's rule.
  sqlite.function(MASK_FUNCTION, { deterministic: true }, (text) =>
    typeof text === 'string' ? maskPersonal(text) : text,
  );
  const db = new Kysely<Database>({ dialect: new DiskAwareSqliteDialect(sqlite) });
  return { backend: 'sqlite', db, file, sqlite, description: `SQLite ${file}`, close: once(() => db.destroy()) };
}

/** The embedded database in a data directory (tests and tools that only use SQLite). */
export function openSqliteIn(dataDir: string): OpenedSqlite {
  return openSqlite(path.join(dataDir, SQLITE_FILE));
}

/** Closing twice (a test's cleanup after the code under test closed) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

const INT8_OID = 20;
const TIMESTAMPTZ_OID = 1184;

/** bigint columns (identities, counts, kobo) come back as numbers; one beyond 2^53 is an error, not a rounding. */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`integer ${text} is beyond JavaScript's safe range`);
  return value;
}

/** `2026-12-05 10:00:00.123456+00` (the session runs in UTC) → `2026-12-05T10:00:00.123Z`, as SQLite stores it. */
export function parseTimestamptz(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d+))?\+00$/.exec(text);
  if (!match) return new Date(text).toISOString();
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

// Process-wide: every pool and cursor in this process reads PostgreSQL values the same way.
pg.types.setTypeParser(INT8_OID, parseInt8);
pg.types.setTypeParser(TIMESTAMPTZ_OID, parseTimestamptz);

/** postgres://user@host:port/name, without the password. */
export function describePostgres(url: string): string {
  const parsed = new URL(url);
  const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
  return `PostgreSQL ${user}${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/**
 * Every wait is bounded (docs/operations.md "Database outages"): each session starts with
 * statement_timeout and lock_timeout, getting a connection (a free one, or a new one) gives up after
 * connectMs, and a query whose answer does not come within statementMs + 1 s (a server or network that
 * went silent, where PostgreSQL's own timeout cannot answer) fails and its connection is dropped. So
 * during an outage or behind a lock a request fails in seconds instead of hanging.
 */
export function openPostgres(
  url: string,
  maxConnections = 10,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): OpenedPostgres {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: timeouts.connectMs,
    // UTC sessions, so timestamptz text is always `…+00` (parseTimestamptz).
    options: `-c TimeZone=UTC -c statement_timeout=${timeouts.statementMs} -c lock_timeout=${timeouts.lockMs}`,
  });
  // A connection the server closes (restart, failover, pg_terminate_backend) must not crash the
  // process. Idle, the pool drops it; checked out (a transaction, a COPY), its client says so with an
  // 'error' event that nothing else listens to: the work on it fails, and the pool drops it on release.
  // Either way the next query opens a new one.
  pool.on('error', () => {});
  let sessionsLost = 0;
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      sessionsLost += 1;
      console.error(JSON.stringify({ level: 'warn', msg: 'database session lost', error: String(error) }));
    });
    // Later than statement_timeout, so a healthy server's own cancel (a clearer error) comes first.
    if (timeouts.statementMs) boundReads(client, timeouts.statementMs + SILENT_GRACE_MS);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  return {
    backend: 'postgres',
    db,
    pool,
    url,
    timeouts,
    sessionsLost: () => sessionsLost,
    description: describePostgres(url),
    // Kysely ends the pool only if it ever used it; the pool itself (COPY, the limits) may have been used alone.
    close: once(async () => {
      await db.destroy();
      if (!pool.ending) await pool.end();
    }),
  };
}

const SILENT_GRACE_MS = 1000;
const READ_TIMEOUT = 'Query read timeout';

/**
 * pg's query_timeout on each query's answer, except streams (a cursor, a COPY: an export may read for
 * longer, and pg would keep their timer running after they end). A query that timed out leaves its
 * connection waiting for the answer, so every later query on it would wait too: it is closed, and the
 * pool drops it.
 */
function boundReads(client: pg.PoolClient, readTimeoutMs: number) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const drop = (error: unknown) => {
    if (error instanceof Error && error.message === READ_TIMEOUT) {
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const stream = typeof (config as { submit?: unknown }).submit === 'function';
    if (stream) return query(config, ...rest);
    const bounded = typeof config === 'string' ? { text: config } : { ...(config as object) };
    const last = rest.at(-1);
    if (typeof last === 'function') {
      rest[rest.length - 1] = (error: unknown, result: unknown) => {
        drop(error);
        last(error, result);
      };
    }
    const result = query({ ...bounded, query_timeout: readTimeoutMs }, ...rest);
    if (result instanceof Promise) result.catch(drop);
    return result;
  };
}

/**
 * Runs `work` on a session of its own without the statement, lock and read bounds, for start-up work
 * that waits for another server on purpose (migrations, once-at-start work).
 */
export async function withoutTimeouts<T>(opened: OpenedDatabase, work: (db: Db) => Promise<T>): Promise<T> {
  if (opened.backend !== 'postgres') return work(opened.db);
  const unbounded = openPostgres(opened.url, 1, { statementMs: 0, lockMs: 0, connectMs: opened.timeouts.connectMs });
  try {
    return await work(unbounded.db);
  } finally {
    await unbounded.close();
  }
}

/**
 * `success: true` means committed to disk. PostgreSQL with fsync or synchronous_commit off would
 * acknowledge signups it can lose, so production refuses to start on one (docs/postgresql.md).
 */
export async function checkDurability(opened: OpenedDatabase): Promise<string | undefined> {
  if (opened.backend !== 'postgres') return undefined;
  const setting = async (name: 'fsync' | 'synchronous_commit') => {
    const { rows } = await sql<Record<string, string>>`SHOW ${sql.raw(name)}`.execute(opened.db);
    return rows[0]?.[name];
  };
  for (const name of ['fsync', 'synchronous_commit'] as const) {
    const value = await setting(name);
    if (value === 'off') {
      return `PostgreSQL runs with ${name}=off: acknowledged signups could be lost in a crash. Turn it on (postgresql.conf) or run with NODE_ENV other than production.`;
    }
  }
  return undefined;
}

/** Whether the database answers a trivial query (GET /healthz). */
export async function isReachable(opened: OpenedDatabase): Promise<boolean> {
  try {
    if (opened.backend === 'sqlite') opened.sqlite.prepare('SELECT 1').get();
    else await sql`SELECT 1`.execute(opened.db);
    return true;
  } catch {
    return false;
  }
}
