/**
 * What operators and load balancers see (docs/operations.md): /readyz answers 503 while the standings
 * load, then 200 even with the database down or hung (it serves pages), saying the database's state;
 * /healthz never asks the database; /metrics is served only on its own port or behind its bearer
 * token, with series that move with traffic, and kasuwa_database_up.
 */
import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, type ScratchDatabase } from '../../testing/server/databases.js';
import { startTestServer, type TestServer } from '../../testing/server/test-server.js';
import { loadConfig } from '../config.js';
import { type OpenedDatabase, openPostgres } from '../db/database.js';
import { createServices } from '../services.js';
import { createApp } from './app.js';
import { createHardenedServer } from './hardened-server.js';

const TOKEN = 'metrics-token-0123456789';
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function testServer(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({ DEMO_DATA: 'off', ...env });
  cleanups.push(() => server.close());
  return server;
}

/**
 * A TCP relay to PostgreSQL that can stop relaying: the database then hangs, as an overloaded or
 * partitioned one does, rather than refusing at once.
 */
async function hangablePostgres(databaseUrl: string) {
  const target = new URL(databaseUrl);
  let hung = false;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => {
        if (!hung) to.write(chunk);
      });
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    hang: () => {
      hung = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}

describe('readiness on postgres', () => {
  /** The app on a free port over services whose standings load in the background, as startServer wires them. */
  async function serving(
    database: ScratchDatabase,
    opened: OpenedDatabase = database.opened,
  ): Promise<{ base: string; loaded: Promise<void> }> {
    const config = loadConfig({
      ...database.env,
      NODE_ENV: 'test',
      DEMO_DATA: 'off',
      SITE_DIR: '/nonexistent',
      METRICS_TOKEN: TOKEN,
    });
    const composed = await createServices(config, opened);
    cleanups.push(() => composed.close());
    const server = createHardenedServer(createApp(composed.services), () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return {
      base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      loaded: composed.loaded,
    };
  }

  async function scratch(): Promise<ScratchDatabase> {
    const database = await freshDatabase('postgres');
    cleanups.push(() => database.drop());
    return database;
  }

  // Generous: a check that waits on a hung database would never answer.
  const answer = (url: string, init: RequestInit = {}) => fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
  const status = async (url: string) => (await answer(url)).status;
  const readyz = async (base: string) => {
    const response = await answer(`${base}/readyz`);
    return { status: response.status, body: await response.json() };
  };
  const databaseUp = async (base: string) =>
    sample(
      await (await answer(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text(),
      'kasuwa_database_up',
    );

  it('given the standings still loading should answer 503 on /readyz and 200 on /healthz, then 200 on both', async () => {
    const database = await scratch();
    // Another server recomputing the standings holds their lock: this one waits for it.
    const other = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query("SELECT pg_advisory_lock(hashtext('kasuwa.contest.standings'))");
    const { base, loaded } = await serving(database);
    expect(await readyz(base)).toEqual({ status: 503, body: { status: 'unavailable', database: 'up' } });
    expect(await status(`${base}/healthz`)).toBe(200);
    await other.query("SELECT pg_advisory_unlock(hashtext('kasuwa.contest.standings'))");
    await loaded;
    expect(await readyz(base)).toEqual({ status: 200, body: { status: 'ok', database: 'up' } });
    expect(await status(`${base}/healthz`)).toBe(200);
  });

  it('given the database refusing connections should stay ready and alive, say the database is down, then up again', async () => {
    const database = await scratch();
    const { base, loaded } = await serving(database);
    await loaded;
    expect(await readyz(base)).toEqual({ status: 200, body: { status: 'ok', database: 'up' } });
    expect(await databaseUp(base)).toBe(1);
    const name = new URL(database.env.DATABASE_URL ?? '').pathname.slice(1);
    const admin = new pg.Client({ connectionString: database.env.DATABASE_URL?.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    cleanups.push(async () => {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    });
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    expect(await readyz(base)).toEqual({ status: 200, body: { status: 'ok', database: 'down' } });
    expect(await status(`${base}/healthz`)).toBe(200);
    expect(await databaseUp(base)).toBe(0);
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    expect(await readyz(base)).toEqual({ status: 200, body: { status: 'ok', database: 'up' } });
    expect(await databaseUp(base)).toBe(1);
  });

  it('given the database ending every session the server holds should count them in kasuwa_database_sessions_lost_total and go on serving', async () => {
    const database = await scratch();
    const { base, loaded } = await serving(database);
    await loaded;
    const lost = async () =>
      sample(
        await (await answer(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text(),
        'kasuwa_database_sessions_lost_total',
      );
    expect(await lost()).toBe(0);
    const name = new URL(database.env.DATABASE_URL ?? '').pathname.slice(1);
    const admin = new pg.Client({ connectionString: database.env.DATABASE_URL?.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    cleanups.push(() => admin.end());
    // What a failover or an operator's pg_terminate_backend does; the feed's poll holds at least one session.
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    expect(rowCount).toBeGreaterThan(0);
    await expect.poll(lost, { timeout: 5000 }).toBeGreaterThan(0);
    expect(await databaseUp(base)).toBe(1);
  });

  it('given the database hung should answer /healthz, /readyz and /metrics anyway, saying the database is down', async () => {
    const database = await scratch();
    const relay = await hangablePostgres(database.env.DATABASE_URL ?? '');
    const opened = openPostgres(relay.url);
    cleanups.push(() => opened.close());
    cleanups.push(() => relay.close()); // first: the hung connections fail, so the pool can close
    const { base, loaded } = await serving(database, opened);
    await loaded;
    expect(await databaseUp(base)).toBe(1);
    relay.hang();
    expect(await status(`${base}/healthz`)).toBe(200);
    expect(await readyz(base)).toEqual({ status: 200, body: { status: 'ok', database: 'down' } });
    expect(await databaseUp(base)).toBe(0);
  });
});

/** One sample of a series from the text exposition (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  const scrape = async (base: string, authorization?: string) =>
    fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });

  async function graphql(base: string, query: string) {
    await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
  }

  it('given no METRICS_TOKEN nor METRICS_PORT should not serve metrics at all', async () => {
    const { base } = await testServer({});
    const response = await scrape(base);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('kasuwa_');
  });

  it('given METRICS_TOKEN should refuse a scrape without the token or with another, and answer one with it', async () => {
    const { base } = await testServer({ METRICS_TOKEN: TOKEN });
    expect((await scrape(base)).status).toBe(401);
    expect((await scrape(base, 'Bearer not-the-metrics-token-000')).status).toBe(401);
    const response = await scrape(base, `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
  });

  it("given a path that starts with two slashes should route it as that path, not as another host's", async () => {
    const { base } = await testServer({ METRICS_TOKEN: TOKEN });
    // A front proxy that guards /metrics sees `//x/metrics`, another path: so must we.
    const metrics = await fetch(`${base}//x/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.status).toBe(404);
    expect(await metrics.text()).not.toContain('kasuwa_');
    expect((await fetch(`${base}//evil.example/pricing`)).status).toBe(404);
  });

  it('given METRICS_PORT should serve metrics there and not on the main port', async () => {
    const { base, running } = await testServer({ METRICS_PORT: '0' });
    expect((await scrape(base)).status).toBe(404);
    expect(running.metricsPort).toBeGreaterThan(0);
    const response = await scrape(`http://127.0.0.1:${running.metricsPort}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('kasuwa_ready 1');
  });

  it('given traffic should show requests by route and status, signups by outcome, and the feed, outbox and process series', async () => {
    // Four tries per IP and one per address: Ada@ (the same inbox as ada@) meets the per-address limit,
    // chidi@, the fifth try from this IP, the per-IP one.
    const { base } = await testServer({ METRICS_TOKEN: TOKEN, SIGNUP_IP_LIMIT: '4', SIGNUP_EMAIL_LIMIT: '1' });
    const read = async () => (await scrape(base, `Bearer ${TOKEN}`)).text();
    const requests = 'kasuwa_http_request_duration_seconds_count{route="graphql",status="200"}';
    const before = await read();
    await graphql(base, '{ getStoreLeaderboard(domain: "nobody") { rank } }');
    await graphql(base, 'mutation { startSelling(data: { email: "ada@example.ng" }) { success } }');
    await graphql(base, 'mutation { startSelling(data: { email: "not-an-email" }) { success } }');
    await graphql(base, 'mutation { startSelling(data: { email: "Ada@example.ng" }) { success } }');
    await graphql(base, 'mutation { startSelling(data: { email: "bola@example.ng" }) { success } }');
    await graphql(base, 'mutation { startSelling(data: { email: "chidi@example.ng" }) { success } }');
    await graphql(base, 'mutation { startSelling(data: { email: "bot@example.ng", website: "x" }) { success } }');
    await fetch(`${base}/no/such/page`);
    const after = await read();
    expect(sample(after, requests) - sample(before, requests)).toBe(7);
    expect(sample(after, 'kasuwa_http_request_duration_seconds_count{route="site",status="404"}')).toBe(1);
    expect(sample(after, 'kasuwa_signups_total{outcome="accepted"}')).toBe(2);
    expect(sample(after, 'kasuwa_signups_total{outcome="invalid"}')).toBe(1);
    expect(sample(after, 'kasuwa_signups_total{outcome="rate_limited_address"}')).toBe(1);
    expect(sample(after, 'kasuwa_signups_total{outcome="rate_limited_ip"}')).toBe(1);
    // The honeypot is checked before the limits: a bot is counted apart even from a limited IP.
    expect(sample(after, 'kasuwa_signups_total{outcome="honeypot"}')).toBe(1);
    // The two welcome e-mails go out through the file transport.
    await expect
      .poll(async () => sample(await read(), 'kasuwa_mail_send_attempts_total{outcome="sent"}'), { timeout: 10_000 })
      .toBe(2);
    expect(sample(after, 'kasuwa_contest_reloads_total{scope="everything"}')).toBe(1);
    expect(after).not.toContain('/no/such/page');
    for (const series of [
      'kasuwa_ready 1',
      'kasuwa_change_feed_lag_seconds ',
      'kasuwa_change_feed_unsettled_changes 0',
      'kasuwa_outbox_depth{status="pending"}',
      'kasuwa_outbox_oldest_pending_seconds ',
      'nodejs_eventloop_lag_seconds ',
      'process_resident_memory_bytes ',
    ]) {
      expect(after).toContain(series);
    }
  });
});
