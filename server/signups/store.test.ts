/**
 * Signup storage as an operator sees it, on SQLite and PostgreSQL: the export and status commands
 * (`npm run admin -- …`), the letter-case merge of migration 0005, and the durability check at start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TEST_TIMEOUT_MS, runAdmin } from '../../testing/server/admin-cli.js';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { loadConfig } from '../config.js';
import { checkDurability, openSqliteIn, SQLITE_FILE } from '../db/database.js';
import { migrateToLatest, sqliteMigrations } from '../db/migrations/index.js';
import { StartupRefusal, startServer } from '../server.js';
import { createSignups } from './signups.js';
import { createSignupStore } from './store.js';

vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS });

const { defer, fresh } = cleanupAfterEach();

const admin = runAdmin;

const wide = { max: 1000, windowSeconds: 3600 };

describe.each(TEST_BACKENDS)('signups:export and status on %s', (backend) => {
  it('given signups in several letter cases should export one line per inbox, as first typed, oldest first', async () => {
    const database = await fresh(backend);
    const signups = createSignups(createSignupStore(database.opened), { limits: { perIp: wide, perEmail: wide } });
    const at = (time: string) => ({ now: new Date(`2026-12-05T${time}Z`) });
    await signups.startSelling({ email: 'Obi@Example.ng', source: 'kasuwa.shop/', partner: 'radio' }, at('10:00:00'));
    await signups.startSelling({ email: 'ada@example.ng', source: 'blog/' }, at('09:00:00'));
    await signups.startSelling({ email: 'OBI@example.ng', source: 'other/', partner: 'tv' }, at('11:00:00'));
    await signups.startSelling({ email: '=cmd@example.ng' }, at('12:00:00'));

    const exported = admin(database.env, 'signups:export');
    expect(exported.code).toBe(0);
    expect(exported.stdout.split('\r\n')).toEqual([
      'email,first_requested,last_requested,count,source,partner',
      'ada@example.ng,2026-12-05T09:00:00.000Z,2026-12-05T09:00:00.000Z,1,blog/,',
      'Obi@example.ng,2026-12-05T10:00:00.000Z,2026-12-05T11:00:00.000Z,2,kasuwa.shop/,radio',
      "'=cmd@example.ng,2026-12-05T12:00:00.000Z,2026-12-05T12:00:00.000Z,1,,",
      '',
    ]);

    const status = admin(database.env, 'status');
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(
      backend === 'postgres' ? 'database  PostgreSQL postgres@' : `database  SQLite ${database.env.DATA_DIR}`,
    );
    expect(status.stdout).toMatch(/signups\s+3\n/);
    expect(status.stdout).toMatch(/outbox\s+3\n/);
    // On PostgreSQL nothing goes to an SQLite file.
    expect(fs.existsSync(path.join(database.env.DATA_DIR, SQLITE_FILE))).toBe(backend === 'sqlite');
  }, 30_000);
});

describe('migration 0005 on an SQLite database with signups from before it', () => {
  it('given rows that differ only in letter case should merge them into the earliest, keeping its address, the first source and partner', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-0005-'));
    defer(() => fs.rmSync(dir, { recursive: true, force: true }));
    const opened = openSqliteIn(dir);
    defer(() => opened.close());
    const provider = { getMigrations: async () => sqliteMigrations };
    const before = await new Migrator({ db: opened.db, provider }).migrateTo('0004_contest_reload_scope');
    expect(before.error).toBeUndefined();
    await sql`
      INSERT INTO signups (email, first_requested_at, last_requested_at, request_count, source, ref, ip_hash) VALUES
        ('ada@example.com', '2026-12-02T00:00:00.000Z', '2026-12-09T00:00:00.000Z', 2, NULL, 'late-partner', 'h2'),
        ('Ada@Example.com', '2026-12-01T00:00:00.000Z', '2026-12-03T00:00:00.000Z', 1, NULL, NULL, 'h1'),
        ('ADA@example.com', '2026-12-04T00:00:00.000Z', '2026-12-04T00:00:00.000Z', 3, 'blog/', 'p-3', 'h3'),
        ('obi@example.com', '2026-12-05T00:00:00.000Z', '2026-12-05T00:00:00.000Z', 1, 'home/', NULL, 'h4')
    `.execute(opened.db);
    await sql`
      INSERT INTO outbox (idempotency_key, kind, recipient, payload, status, attempts, next_attempt_at, created_at) VALUES
        ('k1', 'welcome', 'Ada@Example.com', '{}', 'sent', 1, '2026-12-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'),
        ('k2', 'welcome', 'ada@example.com', '{}', 'sent', 1, '2026-12-02T00:00:00.000Z', '2026-12-02T00:00:00.000Z')
    `.execute(opened.db);

    await migrateToLatest(opened);

    expect(await opened.db.selectFrom('signups').selectAll().orderBy('id').execute()).toEqual([
      expect.objectContaining({
        email: 'Ada@Example.com',
        email_key: 'ada@example.com',
        first_requested_at: '2026-12-01T00:00:00.000Z',
        last_requested_at: '2026-12-09T00:00:00.000Z',
        request_count: 6,
        source: 'blog/',
        partner: 'late-partner',
        last_welcome_at: '2026-12-02T00:00:00.000Z',
      }),
      expect.objectContaining({ email: 'obi@example.com', request_count: 1, source: 'home/', last_welcome_at: null }),
    ]);
    // The next request inside 24 hours of the last welcome queues nothing; after, one.
    const signups = createSignups(createSignupStore(opened), { limits: { perIp: wide, perEmail: wide } });
    await signups.startSelling({ email: 'aDA@example.com' }, { now: new Date('2026-12-02T12:00:00Z') });
    expect(await opened.db.selectFrom('outbox').select('recipient').execute()).toHaveLength(2);
    await signups.startSelling({ email: 'aDA@example.com' }, { now: new Date('2026-12-03T00:00:01Z') });
    expect(await opened.db.selectFrom('outbox').select('recipient').execute()).toHaveLength(3);
  });
});

describe('the durability check at start', () => {
  it('given PostgreSQL with synchronous_commit off should refuse to start in production with one line, and start otherwise', async () => {
    const database = await fresh('postgres');
    const name = new URL(database.env.DATABASE_URL!).pathname.slice(1);
    await sql`ALTER DATABASE ${sql.id(name)} SET synchronous_commit = off`.execute(database.opened.db);
    const env = { PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'off', SINGLE_SERVER: 'on', ...database.env };
    // A server that starts anyway is closed again, so a failing run leaves nothing behind.
    const outcome = await startServer(loadConfig({ ...env, NODE_ENV: 'production' })).then(
      async (running) => {
        await running.close();
        return 'started';
      },
      (error: unknown) => error,
    );
    expect(outcome).toEqual(
      new StartupRefusal(
        'PostgreSQL runs with synchronous_commit=off: acknowledged signups could be lost in a crash. Turn it on (postgresql.conf) or run with NODE_ENV other than production.',
      ),
    );
    expect(outcome).toBeInstanceOf(StartupRefusal);
    const running = await startServer(loadConfig({ ...env, NODE_ENV: 'test' }));
    await running.close();
  });

  it('given SQLite should have nothing to refuse', async () => {
    const database = await fresh('sqlite');
    expect(await checkDurability(database.opened)).toBeUndefined();
  });
});
