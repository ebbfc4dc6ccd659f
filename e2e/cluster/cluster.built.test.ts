/**
 * Three built servers on one PostgreSQL database behind HAProxy (deploy/haproxy.cfg), with a real SMTP
 * sink: what docs/deploying.md promises of several servers, proved end to end. The servers start
 * together on an empty database; the cases run in order on that one cluster, the SIGKILL last.
 * Needs the build; to run it alone: docs/benchmarks.md#several-servers-behind-haproxy.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Cluster, startCluster, startSmtpSink } from '../../testing/server/cluster.js';
import { dropScratchDatabase } from '../../testing/server/scratch-database.js';
import { START_SELLING } from '../../testing/server/start-selling.js';

const INGEST_TOKEN = 'cluster-test-ingest-token';
const PER_IP_LIMIT = 10;
const PER_EMAIL_LIMIT = 3;
/** A demo store with no sales (server/demo-data.ts), so every sale the test ingests shows. */
const STORE = { id: 'demo-0003', domain: 'tunde-gadgets-hub.kasuwa.shop' };

type Answer = { status: number; body: string };

/** Kept-alive connections per client address, like a browser's. */
const agents = new Map<string, http.Agent>();
const agentFor = (from: string) =>
  agents.get(from) ?? agents.set(from, new http.Agent({ keepAlive: true, localAddress: from })).get(from)!;

/**
 * One request from a given loopback address. Each client leaves from its own (127.x.y.z), which
 * HAProxy passes on in X-Forwarded-For, so the per-IP limit sees distinct clients exactly where a case
 * wants them.
 */
function send(base: string, path: string, body: string, from: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent: agentFor(from),
        headers: { 'content-type': 'application/json', ...headers },
        timeout: 15_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(body);
  });
}

/** The n-th client address: 127.1.0.1, 127.1.0.2, … (all of 127/8 is loopback on Linux). */
const clientAddress = (n: number) => `127.1.${Math.floor(n / 250)}.${1 + (n % 250)}`;

type SignupOutcome = 'accepted' | 'RATE_LIMITED' | 'failed';

async function signUp(base: string, email: string, from: string): Promise<SignupOutcome> {
  try {
    const { status, body } = await send(
      base,
      '/graphql',
      JSON.stringify({
        query: START_SELLING,
        variables: { data: { email, source: 'e2e/cluster' } },
      }),
      from,
    );
    const json = JSON.parse(body) as {
      data?: { startSelling?: { success?: boolean } };
      errors?: { extensions?: { code?: string } }[];
    };
    if (status === 200 && json.data?.startSelling?.success === true) return 'accepted';
    if (json.errors?.[0]?.extensions?.code === 'RATE_LIMITED') return 'RATE_LIMITED';
    return 'failed';
  } catch {
    return 'failed';
  }
}

async function ingest(base: string, orderId: string, amountKobo: number): Promise<boolean> {
  const line = { order_id: orderId, store_id: STORE.id, amount: amountKobo, status: 'paid', paid_at: new Date() };
  try {
    const answer = await send(base, '/ingest/sales', `${JSON.stringify(line)}\n`, '127.0.0.1', {
      'content-type': 'application/x-ndjson',
      authorization: `Bearer ${INGEST_TOKEN}`,
    });
    return answer.status === 200;
  } catch {
    return false;
  }
}

async function totalRevenue(base: string): Promise<number | undefined> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'query($domain: String!) { getStoreLeaderboard(query: { domain: $domain }) { totalRevenue } }',
      variables: { domain: STORE.domain },
    }),
  });
  const json = (await response.json()) as { data?: { getStoreLeaderboard?: { totalRevenue: number } } };
  return json.data?.getStoreLeaderboard?.totalRevenue;
}

const tally = (outcomes: SignupOutcome[]) => ({
  accepted: outcomes.filter((o) => o === 'accepted').length,
  refused: outcomes.filter((o) => o === 'RATE_LIMITED').length,
  failed: outcomes.filter((o) => o === 'failed').length,
});

/** Request lines a server logged for a path (LOG_REQUESTS is on). */
const logged = (lines: string[], path: string) =>
  lines.filter((line) => line.includes('"msg":"request"') && line.includes(`"path":"${path}"`)).length;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('three servers behind HAProxy on one PostgreSQL database', () => {
  const databaseName = `kasuwa_test_cluster_${crypto.randomBytes(4).toString('hex')}`;
  let adminUrl: string;
  let db: pg.Pool;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let cluster: Cluster;
  let clientCount = 0;
  const nextClient = () => clientAddress(++clientCount);

  /** Waits until every queued e-mail was sent (the outbox has nothing open). */
  async function outboxDrained(limitMs: number) {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const { rows } = await db.query("SELECT count(*)::int AS n FROM outbox WHERE status IN ('pending', 'sending')");
      if (rows[0].n === 0) return;
      if (Date.now() > deadline) throw new Error(`${rows[0].n} e-mails still unsent after ${limitMs} ms`);
      await sleep(100);
    }
  }

  beforeAll(async () => {
    adminUrl = inject('postgresAdminUrl');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    db = new pg.Pool({ connectionString: url.toString(), max: 2 });
    smtp = await startSmtpSink();
    // One SMTP connection per server, reused, rather than one per message (nodemailer's URL options).
    const smtpUrl = `${smtp.url}/?pool=true`;
    cluster = await startCluster(3, {
      NODE_ENV: 'production',
      // Production loads no demo data unless asked; the cases look up a demo store.
      DEMO_DATA: 'on',
      DATABASE_URL: url.toString(),
      SMTP_URL: smtpUrl,
      TRUST_PROXY: '1',
      INGEST_TOKEN,
      // A killed server's claimed e-mails are taken over soon, yet well after a live worker's batch is sent;
      // each SMTP wait is an eighth of it (2 s), longer than a busy runner's slowest SMTP reply: a reply
      // later than the wait is taken for a failure and the mail sent again.
      MAIL_LEASE_SECONDS: '16',
      SIGNUP_IP_LIMIT: String(PER_IP_LIMIT),
      SIGNUP_EMAIL_LIMIT: String(PER_EMAIL_LIMIT),
      // Sales paid today fall inside the window.
      CAMPAIGN_START: '2026-01-01T00:00:00+01:00',
      CAMPAIGN_END: '2030-12-31T23:59:59+01:00',
      LOG_REQUESTS: 'on',
    });
    console.log(`[cluster] 3 servers behind ${cluster.base}, health check ${cluster.healthPath}`);
  }, 120_000);

  afterAll(async () => {
    for (const agent of agents.values()) agent.destroy();
    await cluster?.stop();
    await smtp?.close();
    await db?.end();
    if (adminUrl) await dropScratchDatabase(adminUrl, databaseName);
  }, 60_000);

  /** Servers that logged a line with this message. */
  const serversThatLogged = (msg: string) =>
    cluster.servers.filter((server) => server.lines.some((line) => line.includes(`"msg":"${msg}"`)));

  it('given three servers started together on an empty database should apply the migrations once', async () => {
    const migrating = serversThatLogged('migrations applied');
    console.log(`[cluster] migrations applied by ${migrating.length} of 3 servers started together`);
    expect(migrating).toHaveLength(1);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM kysely_migration');
    const { rows: unique } = await db.query('SELECT count(DISTINCT name)::int AS n FROM kysely_migration');
    expect(rows[0].n).toBe(unique[0].n);
  });

  it('given three servers started together on an empty database should load the demo stores once', async () => {
    const loading = serversThatLogged('demo data loaded');
    console.log(`[cluster] demo data loaded by ${loading.length} of 3 servers started together`);
    expect(loading).toHaveLength(1);
  });

  it('given a sale ingested through the balancer should show in lookups from every server within 2 s', async () => {
    const before = await Promise.all(cluster.servers.map((server) => totalRevenue(server.base)));
    const amountKobo = 123_400;
    const ingested = Date.now();
    expect(await ingest(cluster.base, `cluster-fresh-${Date.now()}`, amountKobo)).toBe(true);
    const lags = await Promise.all(
      cluster.servers.map(async (server, i) => {
        while (Date.now() - ingested < 10_000) {
          if ((await totalRevenue(server.base)) !== before[i]) return Date.now() - ingested;
          await sleep(20);
        }
        return Number.POSITIVE_INFINITY;
      }),
    );
    console.log(`[cluster] feed lag after one ingest: ${lags.map((ms) => `${ms} ms`).join(', ')}`);
    for (const lag of lags) expect(lag).toBeLessThanOrEqual(2_000);
  });

  it('given six concurrent signups for one address spread over the servers should accept exactly the per-address limit', async () => {
    const email = `six-at-once-${Date.now()}@example.ng`;
    const before = cluster.servers.map((server) => logged(server.lines, '/graphql'));
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => signUp(cluster.base, email, nextClient())));
    const perServer = cluster.servers.map((server, i) => logged(server.lines, '/graphql') - (before[i] ?? 0));
    console.log(`[cluster] six for one address: ${JSON.stringify(tally(outcomes))}, per server ${perServer.join('/')}`);
    expect(perServer.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(tally(outcomes)).toEqual({ accepted: PER_EMAIL_LIMIT, refused: 6 - PER_EMAIL_LIMIT, failed: 0 });
  });

  it('given more signups from one client IP than the per-IP limit, spread over the servers, should refuse the surplus', async () => {
    const from = nextClient();
    const outcomes = await Promise.all(
      Array.from({ length: PER_IP_LIMIT + 5 }, (_, i) =>
        signUp(cluster.base, `one-ip-${i}-${Date.now()}@example.ng`, from),
      ),
    );
    console.log(`[cluster] ${PER_IP_LIMIT + 5} from one IP: ${JSON.stringify(tally(outcomes))}`);
    expect(tally(outcomes)).toEqual({ accepted: PER_IP_LIMIT, refused: 5, failed: 0 });
  });

  it('given 1,000 signups through the balancer should send 1,000 e-mails, each Message-ID exactly once', async () => {
    const runId = Date.now().toString(36);
    const emails = Array.from({ length: 1000 }, (_, i) => `thousand-${runId}-${i}@example.ng`);
    // Five signups per client address, well under the per-IP limit; 50 at a time.
    const addresses = Array.from({ length: 200 }, nextClient);
    const outcomes: SignupOutcome[] = [];
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < emails.length) {
          const i = next++;
          outcomes[i] = await signUp(cluster.base, emails[i]!, addresses[i % addresses.length]!);
        }
      }),
    );
    const signedUpMs = Date.now() - started;
    await outboxDrained(60_000);
    console.log(
      `[cluster] 1,000 signups answered in ${signedUpMs} ms, all e-mails sent after ${Date.now() - started} ms; ` +
        `servers that sent e-mail after its lease ran out: ${cluster.servers.filter((server) => server.lines.some((line) => line.includes('after its lease ran out') || line.includes('after their lease ran out'))).length}`,
    );
    expect(tally(outcomes)).toEqual({ accepted: 1000, refused: 0, failed: 0 });
    const ours = smtp.received.filter((mail) => mail.to.some((to) => to.startsWith(`thousand-${runId}-`)));
    const ids = new Set(ours.map((mail) => mail.messageId));
    const recipients = new Set(ours.flatMap((mail) => mail.to));
    console.log(`[cluster] 1,000 signups: ${ours.length} e-mails sent, ${ids.size} unique Message-IDs`);
    expect(ours).toHaveLength(1000);
    expect(ids.size).toBe(1000);
    expect(recipients).toEqual(new Set(emails));
    // No server has died yet, so no SMTP session may have been cut off.
    expect(smtp.connectionErrors.map((error) => error.message)).toEqual([]);
  }, 120_000);

  it('given one server SIGKILLed under load should lose no acknowledged signup or sale, send its claimed e-mails from another server, fail only requests in flight, and route around it', async () => {
    const runId = Date.now().toString(36);
    const victim = cluster.servers[1]!;
    const acknowledgedEmails: string[] = [];
    const acknowledgedOrders: string[] = [];
    const addresses = Array.from({ length: 200 }, nextClient);
    let inFlight = 0;
    let inFlightAtKill = 0;
    let killedAt = 0;
    let failed = 0;
    let failedAfterKill = 0;
    let unsentAtKill = 0;
    const total = 450;
    let next = 0;
    const kill = async () => {
      inFlightAtKill = inFlight;
      killedAt = Date.now();
      victim.child.kill('SIGKILL');
      const { rows } = await db.query("SELECT count(*)::int AS n FROM outbox WHERE status IN ('pending', 'sending')");
      unsentAtKill = rows[0].n;
    };
    await Promise.all(
      Array.from({ length: 24 }, async () => {
        while (next < total) {
          const i = next++;
          const startedAt = Date.now();
          inFlight++;
          // Two signups for each sale.
          let ok: boolean;
          if (i % 3 === 2) {
            const order = `cluster-kill-${runId}-${i}`;
            ok = await ingest(cluster.base, order, 1_000);
            if (ok) acknowledgedOrders.push(order);
          } else {
            const email = `kill-${runId}-${i}@example.ng`;
            ok = (await signUp(cluster.base, email, addresses[i % addresses.length]!)) === 'accepted';
            if (ok) acknowledgedEmails.push(email);
          }
          inFlight--;
          if (!ok) {
            failed++;
            if (killedAt && startedAt > killedAt) failedAfterKill++;
          }
          if (i === total / 3) await kill();
        }
      }),
    );
    // With one server dead for seconds now, the balancer sends everything to the other two.
    const afterwards = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signUp(cluster.base, `after-kill-${runId}-${i}@example.ng`, nextClient())),
    );
    await outboxDrained(60_000);
    const { rows: signupRows } = await db.query('SELECT email FROM signups WHERE email LIKE $1', [`kill-${runId}-%`]);
    const { rows: saleRows } = await db.query('SELECT order_id FROM sales WHERE order_id LIKE $1', [
      `cluster-kill-${runId}-%`,
    ]);
    const storedEmails = new Set(signupRows.map((row) => row.email as string));
    const storedOrders = new Set(saleRows.map((row) => row.order_id as string));
    // A row the killed server had handed to SMTP but not yet marked sent goes out again from another
    // server with the same Message-ID, which receivers drop (server/mail/worker.ts): count messages by
    // Message-ID, as a receiver would, and the re-sends apart.
    const messagesPerRecipient = new Map<string, Set<string>>();
    let resent = 0;
    for (const mail of smtp.received) {
      for (const to of mail.to.filter((address) => address.startsWith(`kill-${runId}-`))) {
        const ids = messagesPerRecipient.get(to) ?? new Set<string>();
        if (ids.has(mail.messageId)) resent++;
        messagesPerRecipient.set(to, ids.add(mail.messageId));
      }
    }
    console.log(
      `[cluster] SIGKILL of ${victim.name} under load: ${total} requests, ${failed} failed (${inFlightAtKill} in flight at the kill, ${failedAfterKill} failed that started after it); ` +
        `${acknowledgedEmails.length} signups and ${acknowledgedOrders.length} sales acknowledged; ${unsentAtKill} e-mails unsent at the kill, ${resent} re-sent with the same Message-ID; ` +
        `${smtp.connectionErrors.length} SMTP session(s) cut off by the kill`,
    );
    expect(failed).toBeLessThanOrEqual(inFlightAtKill);
    expect(tally(afterwards)).toEqual({ accepted: 30, refused: 0, failed: 0 });
    expect(acknowledgedEmails.filter((email) => !storedEmails.has(email))).toEqual([]);
    expect(acknowledgedOrders.filter((order) => !storedOrders.has(order))).toEqual([]);
    expect(acknowledgedEmails.filter((email) => messagesPerRecipient.get(email)?.size !== 1)).toEqual([]);
    expect([...messagesPerRecipient.values()].filter((ids) => ids.size > 1)).toEqual([]);
    expect(resent).toBeLessThanOrEqual(unsentAtKill);
  }, 120_000);
});
