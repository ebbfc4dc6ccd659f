/**
 * `npm run bench:chaos -- --minutes N --seed S`: traffic through HAProxy on the built product while a
 * seeded schedule of faults (bench/chaos-faults.ts) hits PostgreSQL, Redis, SMTP and the servers, and a
 * real Prometheus evaluates the shipped alert rules; checks and output in bench/chaos-report.ts. What
 * runs and how to read it: docs/benchmarks.md#chaos.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Cluster, rssKb, startCluster, startSmtpSink } from '../server/testing/cluster.js';
import { databaseProxy } from '../server/testing/database-proxy.js';
import { ensurePostgresBinaries, privatePostgres } from '../server/testing/private-postgres.js';
import { redisAnswers, spawnRedis } from '../server/testing/redis-server.js';
import { START_SELLING } from '../server/testing/start-selling.js';
import { FAULTS, type Planned, schedule, sleep, startPrometheus } from './chaos-faults.js';
import { type ChaosReport, codeOf, type FaultRun, graphqlAnswer, type Sample, writeReport } from './chaos-report.js';

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const minutes = flag('minutes', 10);
const seed = Math.floor(flag('seed', 1 + Math.floor(Math.random() * 2 ** 31)));
/** Requests per second through HAProxy: a tenth signups, the rest lookups and page or bundle views. */
const rate = flag('rate', 12);
/** Ports (CHAOS_PORT and the next six): HAProxy, the two servers, their METRICS_PORTs, Prometheus, Redis. */
const basePort = Number(process.env.CHAOS_PORT || 4250);
const servers = [basePort + 1, basePort + 2];
const metrics = [basePort + 3, basePort + 4];
const ports = { balancer: basePort, servers, metrics, prometheus: basePort + 5, redis: basePort + 6 };
const OUT = path.resolve('test-results/chaos');
const TIMEOUT_MS = 15_000;

/** One request on a connection of its own (no kept-alive socket to race HAProxy's close). */
function send(method: string, url: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, agent: false, headers: body ? { 'content-type': 'application/json' } : {}, timeout: TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('run `npm run build` first');
  const plan = schedule(seed, minutes * 60);
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(`[chaos] seed ${seed}, ${minutes} min, ${rate} requests/s, load average ${load()}`);
  console.log(`[chaos] replay: npm run bench:chaos -- --minutes ${minutes} --seed ${seed}`);
  console.log('[chaos] schedule:');
  for (const item of plan) {
    const restart = item.restart ? `, server app${item.restart.server + 1} SIGKILLed ${item.restart.after} s in` : '';
    const which = item.kind === 'server-kill' ? ` (app${item.server + 1})` : '';
    console.log(`  ${String(item.at).padStart(5)} s  ${FAULTS[item.kind].label}${which}${restart}`);
  }
  console.log(
    '[chaos] Prometheus loads deploy/prometheus/alerts.yml with for: 0s and [5m] windows at [20s] (benchRules)',
  );

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-chaos-'));
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  try {
    const bin = ensurePostgresBinaries();
    if (!bin) throw new Error('bench:chaos needs PostgreSQL binaries: sudo apt-get install -y postgresql');
    const postgres = await privatePostgres(bin, { maxConnections: 60, fsync: true });
    cleanups.push(() => postgres.destroy());
    const proxy = await databaseProxy(postgres.url);
    cleanups.push(() => proxy.close());
    const admin = new pg.Pool({ connectionString: postgres.url, max: 2, application_name: 'chaos' });
    admin.on('error', () => {});
    cleanups.push(() => admin.end());

    let redis = spawnRedis(ports.redis);
    cleanups.push(() => redis.kill('SIGKILL'));
    const redisUrl = `redis://127.0.0.1:${ports.redis}`;
    for (let i = 0; !(await redisAnswers(redisUrl)); i++) {
      if (i > 50) throw new Error(`redis-server did not answer on ${redisUrl}`);
      await sleep(100);
    }

    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    // The servers reach the sink through a relay that can hang (as a hung SMTP relay does).
    const smtpRelay = await databaseProxy(smtp.url);
    cleanups.push(() => smtpRelay.close());
    // Only recipients are checked: the message bodies are dropped as they come.
    const forget = setInterval(() => {
      for (const mail of smtp.received) mail.raw = '';
    }, 5000);
    cleanups.push(() => clearInterval(forget));

    const cluster: Cluster = await startCluster(
      2,
      {
        DATABASE_URL: proxy.url,
        DATABASE_START_WAIT_SECONDS: '120',
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        DATABASE_STATEMENT_TIMEOUT_MS: '3000',
        REDIS_URL: redisUrl,
        SMTP_URL: `${smtpRelay.url}/?pool=true`,
        NODE_ENV: 'production',
        DEMO_DATA: 'on',
        TRUST_PROXY: '1',
        SIGNUP_IP_LIMIT: '1000000000',
        LOG_REQUESTS: 'off',
      },
      ports.balancer,
      undefined,
      (index) => ({ PORT: String(ports.servers[index]), METRICS_PORT: String(ports.metrics[index]) }),
    );
    cleanups.push(() => cluster.stop());
    const prometheus = await startPrometheus(work, ports.metrics, ports.prometheus);
    cleanups.push(async () => {
      prometheus.kill('SIGTERM');
      await new Promise((resolve) => (prometheus.exitCode !== null ? resolve(null) : prometheus.once('exit', resolve)));
    });

    const { rows: storeRows } = await admin.query<{ domain: string }>(
      'SELECT domain FROM stores WHERE opted_in LIMIT 200',
    );
    const domains = storeRows.map((row) => row.domain);
    if (domains.length === 0) throw new Error('no demo stores to look up');
    const rssStart = cluster.servers.map((server) => rssKb(server.child.pid));

    // Traffic: an open loop at `rate`, each request on its own connection.
    const started = performance.now();
    const now = () => (performance.now() - started) / 1000;
    const samples: Sample[] = [];
    const acknowledged: string[] = [];
    const refused = new Map<string, number>();
    let sequence = 0;
    let inFlight = 0;
    const base = cluster.base;
    const lookupQuery = 'query($q: StoreLeaderboardInput!) { getStoreLeaderboard(query: $q) { rank } }';
    const pages = ['/', '/widgets/kasuwa-widgets.js', '/new-year-sales', '/pricing'];
    async function one(n: number) {
      const t = now();
      const roll = n % 10;
      const kind: Sample['kind'] = roll === 0 ? 'signup' : roll < 6 ? 'lookup' : 'page';
      let ok = false;
      let code = '';
      try {
        if (kind === 'signup') {
          const email = `chaos-${seed}-${n}@example.ng`;
          const body = JSON.stringify({ query: START_SELLING, variables: { data: { email } } });
          const response = await send('POST', `${base}/graphql`, body);
          const parsed = graphqlAnswer<{ startSelling?: { success: boolean } }>(response);
          ok = parsed.data?.startSelling?.success === true;
          if (ok) acknowledged.push(email);
          code = ok ? 'accepted' : codeOf(parsed, response);
          if (!ok) refused.set(code, (refused.get(code) ?? 0) + 1);
        } else if (kind === 'lookup') {
          const domain = domains[n % domains.length];
          const body = JSON.stringify({ query: lookupQuery, variables: { q: { domain } } });
          const response = await send('POST', `${base}/graphql`, body);
          const parsed = graphqlAnswer(response);
          ok = response.status === 200 && parsed.json && !parsed.errors;
          code = ok ? '200' : codeOf(parsed, response);
        } else {
          const response = await send('GET', `${base}${pages[n % pages.length]}`);
          ok = response.status === 200;
          code = String(response.status);
        }
      } catch (error) {
        code = `network: ${(error as Error).message}`;
        if (kind === 'signup') refused.set(code, (refused.get(code) ?? 0) + 1);
      }
      samples.push({ t, kind, ms: (now() - t) * 1000, ok, code });
    }
    let trafficOn = true;
    const traffic = (async () => {
      const every = 1000 / rate;
      for (let n = 0; trafficOn; n++) {
        const due = started + n * every;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (inFlight > 500) continue; // the client is the bottleneck: skip rather than pile up
        inFlight++;
        void one(++sequence).finally(() => inFlight--);
      }
      while (inFlight > 0) await sleep(50);
    })();

    // Prometheus's alerts, asked every second: each firing interval of each alert name.
    const alertIntervals: { name: string; start: number; end?: number }[] = [];
    let polling = true;
    const pollAlerts = (async () => {
      while (polling) {
        try {
          const response = await fetch(`http://127.0.0.1:${ports.prometheus}/api/v1/alerts`);
          const body = (await response.json()) as {
            data: { alerts: { labels: { alertname: string }; state: string }[] };
          };
          const firing = new Set(body.data.alerts.filter((a) => a.state === 'firing').map((a) => a.labels.alertname));
          const t = now();
          for (const name of firing) {
            if (!alertIntervals.some((interval) => interval.name === name && interval.end === undefined)) {
              alertIntervals.push({ name, start: t });
            }
          }
          for (const interval of alertIntervals) {
            if (interval.end === undefined && !firing.has(interval.name)) interval.end = t;
          }
        } catch {}
        await sleep(1000);
      }
    })();

    // The faults, on the schedule.
    const runs: FaultRun[] = [];
    const restarts: { server: number; killed: number; back?: number }[] = [];
    const failedStarts: string[] = [];
    async function killAndRestart(server: number) {
      const victim = cluster.servers[server]!;
      const record: (typeof restarts)[number] = { server, killed: now() };
      restarts.push(record);
      victim.child.kill('SIGKILL');
      await victim.exited;
      // As a supervisor would: 5 s later, and again every 5 s while it exits at start (each counted).
      for (;;) {
        await sleep(5000);
        try {
          await cluster.restart(server);
          break;
        } catch (error) {
          failedStarts.push(`app${server + 1} at ${now().toFixed(0)} s: ${(error as Error).message}`);
        }
      }
      record.back = now();
      console.log(`[chaos] ${now().toFixed(0)} s  app${server + 1} started again`);
    }
    async function inject(item: Planned): Promise<void> {
      const fault = FAULTS[item.kind];
      switch (item.kind) {
        case 'pg-terminate':
          await admin.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND application_name <> 'chaos'",
          );
          return;
        case 'pg-stop':
          await postgres.stop('fast');
          await sleep(fault.seconds * 1000);
          await postgres.start();
          return;
        case 'pg-silent':
          proxy.silence();
          await sleep(fault.seconds * 1000);
          await proxy.relay();
          return;
        case 'redis-kill':
          redis.kill('SIGKILL');
          await sleep(fault.seconds * 1000);
          redis = spawnRedis(ports.redis);
          return;
        case 'redis-freeze':
          redis.kill('SIGSTOP');
          await sleep(fault.seconds * 1000);
          redis.kill('SIGCONT');
          return;
        case 'smtp-hang':
          smtpRelay.hang();
          await sleep(fault.seconds * 1000);
          await smtpRelay.relay();
          return;
        case 'smtp-451':
          smtp.options.refuse = 451;
          await sleep(fault.seconds * 1000);
          smtp.options.refuse = undefined;
          return;
        case 'server-kill':
          await killAndRestart(item.server);
          return;
      }
    }
    const totalSeconds = minutes * 60;
    for (const item of plan) {
      const wait = item.at - now();
      if (wait > 0) await sleep(wait * 1000);
      const run: FaultRun = { ...item, label: FAULTS[item.kind].label, start: now(), end: 0, alerts: [] };
      runs.push(run);
      console.log(`[chaos] ${run.start.toFixed(0)} s  ${run.label}${item.restart ? ' + a server restart' : ''}`);
      const restart = item.restart
        ? sleep(item.restart.after * 1000).then(() => killAndRestart(item.restart!.server))
        : Promise.resolve();
      await Promise.all([inject(item), restart]);
      run.end = now();
    }
    const untilEnd = totalSeconds - now();
    if (untilEnd > 0) await sleep(untilEnd * 1000);
    trafficOn = false;
    await traffic;
    const trafficEnd = now();
    console.log(`[chaos] traffic stopped at ${trafficEnd.toFixed(0)} s; ${samples.length} requests`);

    // No server needs a restart: each, asked directly, accepts a signup within 30 s of the last fault.
    const recovered: boolean[] = [];
    for (const [i, server] of cluster.servers.entries()) {
      const email = `chaos-${seed}-after-${i}@example.ng`;
      const body = JSON.stringify({ query: START_SELLING, variables: { data: { email } } });
      let accepted = false;
      for (const deadline = Date.now() + 30_000; !accepted && Date.now() < deadline; ) {
        try {
          const response = await send('POST', `${server.base}/graphql`, body);
          accepted =
            graphqlAnswer<{ startSelling?: { success?: boolean } }>(response).data?.startSelling?.success === true;
        } catch {}
        if (!accepted) await sleep(1000);
      }
      if (accepted) acknowledged.push(email);
      recovered.push(accepted);
    }

    // Mail still queued (retries after the relay faults wait a minute or two): drained before checking.
    const drainStart = now();
    for (;;) {
      const { rows } = await admin.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE status <> 'sent'");
      if (Number(rows[0]?.n) === 0 || now() - drainStart > 420) break;
      await sleep(2000);
    }
    await sleep(1000);
    polling = false;
    await pollAlerts;
    const rssEnd = cluster.servers.map((server) => rssKb(server.child.pid));

    const { rows: stored } = await admin.query<{ email: string; n: string }>(
      'SELECT email, count(*) AS n FROM signups WHERE email LIKE $1 GROUP BY email',
      [`chaos-${seed}-%`],
    );
    const { rows: unsent } = await admin.query<{ status: string; n: string }>(
      "SELECT status, count(*) AS n FROM outbox WHERE status <> 'sent' GROUP BY status",
    );
    const report: ChaosReport = {
      seed,
      minutes,
      rate,
      loadAverage: load(),
      plan,
      runs,
      restarts,
      samples,
      trafficEnd,
      alertIntervals,
      acknowledged,
      refused: Object.fromEntries(refused),
      stored: stored.map((row) => ({ email: row.email, count: Number(row.n) })),
      received: smtp.received.map((mail) => ({ to: mail.to, messageId: mail.messageId })),
      unsent: Object.fromEntries(unsent.map((row) => [row.status, Number(row.n)])),
      rss: cluster.servers.map((server, i) => ({
        name: server.name,
        startKb: rssStart[i] ?? 0,
        endKb: rssEnd[i] ?? 0,
      })),
      serversAlive: cluster.servers.map((server) => server.child.exitCode === null && server.child.signalCode === null),
      recovered,
      failedStarts,
    };
    const failures = writeReport(report, OUT, FAULTS);
    console.log(`[chaos] load average at the end ${load()}`);
    process.exitCode = failures.length > 0 ? 1 : 0;
    if (failures.length) console.log(`[chaos] FAILED: ${failures.join('; ')}`);
    else console.log('[chaos] passed');
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {}
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
