/**
 * Several servers on one PostgreSQL database (docs/scaling.md): they start together without doing the
 * start-up work twice, refuse to start when they disagree with the database, and share the signup
 * limits and the IP-hash salt.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { testRedisUrl } from '../testing/server/databases.js';
import { dropScratchDatabase } from '../testing/server/scratch-database.js';
import { startSmtpSink } from '../testing/server/smtp-sink.js';
import { postStartSelling } from '../testing/server/start-selling.js';
import { startTestServerOn } from '../testing/server/test-server.js';
import { campaignWindowCommand } from './cli/campaign-window.js';
import { loadConfig } from './config.js';
import { openPostgres } from './db/database.js';
import { StartupRefusal } from './server.js';

type Running = Awaited<ReturnType<typeof startTestServerOn>>;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A new PostgreSQL database with nothing in it, not even the migrations (the servers apply them). */
async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `kasuwa_test_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  cleanups.push(() => dropScratchDatabase(adminUrl, name));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The environment of one of several servers: the shared database, its own DATA_DIR, e-mail by SMTP. */
function serverEnv(databaseUrl: string, env: Record<string, string> = {}): Record<string, string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-server-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // Nothing listens there: these tests queue no e-mail they wait for.
  return { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SINGLE_SERVER: 'off', SMTP_URL: 'smtp://127.0.0.1:9', ...env };
}

async function startServers(count: number, databaseUrl: string, env: Record<string, string> = {}) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => startTestServerOn(serverEnv(databaseUrl, env))),
  );
  cleanups.push(async () => {
    for (const server of servers) await server.close();
  });
  return servers;
}

/** The server's one JSON log line per event, counted by message. */
function logLines() {
  const lines: { msg: string; [field: string]: unknown }[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    if (typeof line === 'string' && line.startsWith('{')) lines.push(JSON.parse(line));
  });
  return (msg: string) => lines.filter((line) => line.msg === msg);
}

async function signUp(server: Running, email: string) {
  const response = await postStartSelling(`http://127.0.0.1:${server.port}`, { email });
  return (await response.json()) as { data?: unknown; errors?: { extensions: { code: string } }[] };
}

const accepted = (results: Awaited<ReturnType<typeof signUp>>[]) =>
  results.filter((result) => result.data && !result.errors).length;
const refused = (results: Awaited<ReturnType<typeof signUp>>[]) =>
  results.filter((result) => result.errors?.[0]?.extensions.code === 'RATE_LIMITED').length;

describe('three servers starting together on an empty PostgreSQL database', () => {
  it('should migrate once, load the demo data once, and all answer with the same standings', async () => {
    const databaseUrl = await emptyDatabase();
    const logged = logLines();
    const servers = await startServers(3, databaseUrl, { DEMO_DATA: 'on' });
    expect(logged('migrations applied')).toHaveLength(1);
    const loads = logged('demo data loaded');
    expect(loads).toHaveLength(1);
    const { db } = servers[0]!;
    const { rows } = await sql<{ stores: number }>`SELECT count(*)::int AS stores FROM stores`.execute(db);
    expect(rows[0]?.stores).toBe(loads[0]?.stores);
    const places = await Promise.all(
      servers.map((server) => server.services.getStoreLeaderboard('adaeze-fabrics.kasuwa.shop')),
    );
    expect(places[1]).toEqual(places[0]);
    expect(places[2]).toEqual(places[0]);
  });
});

describe('a server whose environment disagrees with the database', () => {
  it('given another campaign window should refuse to start with one line, and start once the window is changed on purpose', async () => {
    const databaseUrl = await emptyDatabase();
    await startServers(1, databaseUrl, { DEMO_DATA: 'off' });
    const moved = { DEMO_DATA: 'off', CAMPAIGN_END: '2027-02-28T23:59:59+01:00' };
    const refusal = startTestServerOn(serverEnv(databaseUrl, moved));
    await expect(refusal).rejects.toThrow(StartupRefusal);
    await expect(refusal).rejects.toThrow(
      /^CAMPAIGN_START\/CAMPAIGN_END \(.* to 2027-02-28T22:59:59\.000Z\) differ from this database's campaign window \(.* to 2027-01-31T22:59:59\.999Z\).*npm run admin -- campaign-window/,
    );
    vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await campaignWindowCommand.run(['--set'], loadConfig(serverEnv(databaseUrl, moved)))).toBe(0);
    const [server] = await startServers(1, databaseUrl, moved);
    expect(server?.services.config.campaign.endsAt).toBe('2027-02-28T22:59:59.000Z');
  });

  it('given no SMTP_URL and no SINGLE_SERVER=on should refuse to start, saying e-mail needs SMTP', async () => {
    const databaseUrl = await emptyDatabase();
    const env = serverEnv(databaseUrl, { SMTP_URL: '' });
    await expect(startTestServerOn(env)).rejects.toThrow(
      'On PostgreSQL (a database several servers may share) e-mail needs SMTP_URL: .eml files would stay on whichever server wrote them. Set SMTP_URL, or SINGLE_SERVER=on if this is the only server.',
    );
    const [single] = await startServers(1, databaseUrl, { SMTP_URL: '', SINGLE_SERVER: 'on', DEMO_DATA: 'off' });
    expect(single?.port).toBeGreaterThan(0);
  });
});

describe.each([
  ['in PostgreSQL', false],
  ['in Redis', true],
])('signup limits across two servers, counted %s', (_where, redis) => {
  const limits = (extra: Record<string, string>) => ({
    DEMO_DATA: 'off',
    ...(redis ? { REDIS_URL: testRedisUrl() } : {}),
    ...extra,
  });

  it('given six concurrent requests for one address spread over both should accept exactly the per-address limit', async () => {
    const databaseUrl = await emptyDatabase();
    const servers = await startServers(2, databaseUrl, limits({ SIGNUP_EMAIL_LIMIT: '3' }));
    // Redis outlives the test: an address of its own each run.
    const email = `ada-${crypto.randomBytes(4).toString('hex')}@example.ng`;
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(servers[i % 2]!, email)));
    expect(accepted(results)).toBe(3);
    expect(refused(results)).toBe(3);
  });

  it('given more signups from one client IP than the per-IP limit spread over both should accept exactly the limit, hashing the IP alike', async () => {
    const databaseUrl = await emptyDatabase();
    // Redis outlives the test: the IP's key is fresh (each database has its own salt), the addresses too.
    const servers = await startServers(2, databaseUrl, limits({ SIGNUP_IP_LIMIT: '4' }));
    const run = crypto.randomBytes(4).toString('hex');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signUp(servers[i % 2]!, `office${i}-${run}@example.ng`)),
    );
    expect(accepted(results)).toBe(4);
    expect(refused(results)).toBe(4);
    const check = openPostgres(databaseUrl, 1);
    cleanups.push(() => check.close());
    const hashes = await check.db.selectFrom('signups').select('ip_hash').distinct().execute();
    expect(hashes).toHaveLength(1);
  });
});

describe('e-mail from two servers on one PostgreSQL database', () => {
  it('given signups spread over both should deliver each welcome e-mail once, through SMTP', async () => {
    const databaseUrl = await emptyDatabase();
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const servers = await startServers(2, databaseUrl, {
      DEMO_DATA: 'off',
      SMTP_URL: sink.url,
      SIGNUP_IP_LIMIT: '1000',
    });
    const emails = Array.from({ length: 60 }, (_, i) => `vendor${i}@example.ng`);
    const results = await Promise.all(emails.map((email, i) => signUp(servers[i % 2]!, email)));
    expect(accepted(results)).toBe(60);
    // Once every row is marked sent nothing more can come: only a row's claimer sends it and marks it,
    // and a claim outlives this test (its lease is minutes), so no second server can take a row over.
    const check = openPostgres(databaseUrl, 1);
    cleanups.push(() => check.close());
    const unsent = async () =>
      Number(
        (
          await check.db
            .selectFrom('outbox')
            .where('status', '!=', 'sent')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Unpooled SMTP carries one send at a time, so each worker claims one row per transaction (a server
    // that dies strands no more): 60 mails may take 20 s on a loaded machine, hence the minute.
    await expect.poll(unsent, { timeout: 60_000 }).toBe(0);
    expect(sink.received.flatMap((mail) => mail.to).toSorted()).toEqual(emails.toSorted());
    expect(new Set(sink.received.map((mail) => mail.messageId)).size).toBe(60);
  }, 90_000);
});
