/**
 * Load and soak: mixed traffic at a fixed rate (open loop) against the built product, one server or
 * several behind HAProxy, then throughput, latency, errors by kind and the servers' memory.
 * Usage and flags: docs/benchmarks.md#soak
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Cluster, rssKb, startCluster, startSmtpSink } from '../testing/server/cluster.js';
import { DEFAULT_POSTGRES_ADMIN_URL, scratchDatabase } from '../testing/server/scratch-database.js';
import { START_SELLING } from '../testing/server/start-selling.js';

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const rate = flag('rate', 200);
const seconds = flag('seconds', 10);
const port = flag('port', 3250);
const servers = flag('servers', 1);
const dbIndex = process.argv.indexOf('--db');
const db = dbIndex >= 0 ? process.argv[dbIndex + 1] : servers > 1 ? 'postgres' : 'sqlite';
if (db !== 'sqlite' && db !== 'postgres') throw new Error('--db must be sqlite or postgres');
if (db === 'sqlite' && servers > 1) throw new Error('several servers share one PostgreSQL database: add --db postgres');
const base = `http://127.0.0.1:${port}`;
const mixIndex = process.argv.indexOf('--mix');
const [rankShare, pageShare] = (mixIndex >= 0 ? (process.argv[mixIndex + 1] ?? '') : '80,15,5').split(',').map(Number);
if (!Number.isFinite(rankShare) || !Number.isFinite(pageShare))
  throw new Error('--mix takes rank,page,signup percentages');
/** Requests still waiting beyond this are counted as "client overloaded" instead of sent. */
const MAX_IN_FLIGHT = 5_000;
const TIMEOUT_MS = 10_000;
/**
 * Connections the client keeps open, like a fleet of visitors behind a proxy; requests beyond them
 * wait on the client, and that wait counts in their latency (open loop).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * Requests retried because a kept-alive connection closed under them before any answer: HAProxy's
 * default connection reuse ("http-reuse safe") leaves that retry to the client, and browsers make it
 * (docs/deploying.md). Counted and printed apart, never hidden among the answers.
 */
let keepAliveRetries = 0;

function request(
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: string,
  retried = false,
): Promise<{ status: number; text: string }> {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    // The deadline includes time spent waiting for a free connection.
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })), TIMEOUT_MS);
    let answered = false;
    const req = http.request(base + urlPath, { method, headers, agent }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const closedUnderUs = error.code === 'ECONNRESET' || error.message === 'socket hang up';
      if (req.reusedSocket && !answered && closedUnderUs && !retried) {
        keepAliveRetries++;
        resolve(request(method, urlPath, headers, body, true));
      } else {
        reject(error);
      }
    });
    req.end(body);
  });
}

type Kind = 'rank' | 'page' | 'signup';

async function waitHealthy(child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy within 60 s');
}

/** Pages and bundles that exist in this build (a route another branch adds may not yet). */
async function staticPaths(): Promise<string[]> {
  const assets = path.resolve('dist/site/assets');
  const files = fs.existsSync(assets) ? fs.readdirSync(assets).filter((name) => /\.(js|css)$/.test(name)) : [];
  const candidates = [
    '/',
    '/pricing',
    '/new-year-sales',
    '/widgets/kasuwa-widgets.js',
    '/widgets/kasuwa-widgets.iife.js',
  ];
  candidates.push(...files.map((file) => `/assets/${file}`));
  const found: string[] = [];
  for (const candidate of candidates) if ((await fetch(base + candidate, { method: 'HEAD' })).ok) found.push(candidate);
  return found;
}

type Target = {
  /** The processes whose memory is reported. */
  servers: { name: string; pid: number }[];
  domains: string[];
  stop(): Promise<void>;
};

/** One server on SQLite in a temporary DATA_DIR, listening on --port. */
async function startOneServer(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-soak-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      SIGNUP_IP_LIMIT: '1000000000',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // The lookups go to demo domains, which production loads only when asked.
      DEMO_DATA: 'on',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(child);
    const sqlite = new SQLite(path.join(dataDir, 'kasuwa.sqlite'), { readonly: true });
    const domains = sqlite.prepare('SELECT domain FROM stores WHERE opted_in = 1 LIMIT 500').pluck().all() as string[];
    sqlite.close();
    return { servers: [{ name: 'server', pid: child.pid as number }], domains, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `servers` servers on one scratch PostgreSQL database behind HAProxy on --port, e-mail to an SMTP sink. */
async function startServersBehindBalancer(): Promise<Target> {
  const database = await scratchDatabase(
    'postgres',
    process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_ADMIN_URL,
    'kasuwa_bench',
  );
  const smtp = await startSmtpSink();
  let cluster: Cluster | undefined;
  const stop = async () => {
    await cluster?.stop();
    await smtp.close();
    await database.drop();
  };
  try {
    cluster = await startCluster(
      servers,
      {
        SIGNUP_IP_LIMIT: '1000000000',
        ...process.env,
        ...database.env,
        SMTP_URL: `${smtp.url}/?pool=true`,
        NODE_ENV: 'production',
        DEMO_DATA: 'on',
        TRUST_PROXY: '1',
        // Kept in memory by the harness otherwise: one line per request for the whole run.
        LOG_REQUESTS: 'off',
      },
      port,
    );
    const rows = await database.opened.db
      .selectFrom('stores')
      .select('domain')
      .where('opted_in', '=', true as never)
      .limit(500)
      .execute();
    const pids = cluster.servers.map((server) => ({ name: server.name, pid: server.child.pid as number }));
    return { servers: pids, domains: rows.map((row) => row.domain), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('run `npm run build` first');
  const target = db === 'postgres' ? await startServersBehindBalancer() : await startOneServer();
  try {
    const { domains } = target;
    if (domains.length === 0) throw new Error('no demo stores: is DEMO_DATA off?');
    const pages = await staticPaths();
    const runId = Date.now().toString(36);
    const query =
      'query($q: StoreLeaderboardInput!) { getStoreLeaderboard(query: $q) { storeId rank totalRevenue winningRevenue revenueToWin } }';
    const signup = START_SELLING;

    const total = Math.round(rate * seconds);
    const latencies = new Float64Array(total);
    const kinds: Record<Kind, number> = { rank: 0, page: 0, signup: 0 };
    const errors = new Map<string, number>();
    const fail = (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1);
    let done = 0;
    /** Requests answered correctly: the latency figures are theirs; the rest are errors. */
    let ok = 0;
    let inFlight = 0;
    let signups = 0;

    async function one(i: number, scheduled: number) {
      const roll = (i * 7919) % 100; // spreads the mix evenly and deterministically
      const kind: Kind =
        roll < (rankShare ?? 80) ? 'rank' : roll < (rankShare ?? 80) + (pageShare ?? 15) ? 'page' : 'signup';
      kinds[kind]++;
      inFlight++;
      try {
        if (kind === 'page') {
          const { status } = await request('GET', pages[i % pages.length] ?? '/', { 'accept-encoding': 'br, gzip' });
          if (status !== 200) return fail(`page HTTP ${status}`);
        } else {
          const body =
            kind === 'rank'
              ? { query, variables: { q: { domain: domains[i % domains.length] } } }
              : {
                  query: signup,
                  variables: { data: { email: `soak-${runId}-${signups++}@example.com`, source: 'bench/soak' } },
                };
          const { status, text } = await request(
            'POST',
            '/graphql',
            { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
            JSON.stringify(body),
          );
          const json = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] };
          if (status !== 200 || json.errors) {
            return fail(`${kind} ${json.errors?.[0]?.extensions?.code ?? `HTTP ${status}`}`);
          }
        }
        latencies[ok++] = performance.now() - scheduled;
      } catch (error) {
        fail(`${kind} ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      } finally {
        inFlight--;
        done++;
      }
    }

    const memory = () => target.servers.map((server) => rssKb(server.pid));
    const rssStart = memory();
    /** Each server's RSS after 2 minutes of load (the end of warm-up), when the run is that long. */
    let rssAt2Minutes: number[] | undefined;
    const rssSamples: number[][] = [rssStart];
    const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
    console.log(
      `soak: ${rate} req/s for ${seconds} s against ${base} (${target.servers.map((server) => `${server.name} pid ${server.pid}`).join(', ')}; RSS ${rssStart.map(mb).join(', ')})`,
    );
    console.log(`  pages: ${pages.join(' ')}; ${domains.length} domains`);
    const started = performance.now();
    let sent = 0;
    const sample = setInterval(() => {
      const rss = memory();
      rssSamples.push(rss);
      const elapsed = (performance.now() - started) / 1000;
      if (!rssAt2Minutes && elapsed >= 120) rssAt2Minutes = rss;
      console.log(`  ${elapsed.toFixed(0)} s: ${done} done, ${inFlight} in flight, RSS ${rss.map(mb).join(', ')}`);
    }, 10_000);
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
        for (; sent < due; sent++) {
          const scheduled = started + (sent / rate) * 1000;
          if (inFlight >= MAX_IN_FLIGHT) {
            fail('client overloaded (not sent)');
            done++;
            continue;
          }
          void one(sent, scheduled);
        }
        if (sent >= total) {
          clearInterval(tick);
          resolve();
        }
      }, 2);
    });
    while (done < total) await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(sample);
    const elapsed = (performance.now() - started) / 1000;
    const rssEnd = memory();

    const sorted = latencies.slice(0, ok).sort();
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      [
        `requests   ${done} scheduled at ${rate}/s; ${ok} answered correctly in ${elapsed.toFixed(1)} s = ${(ok / elapsed).toFixed(0)} req/s`,
        `mix        rank ${kinds.rank}, page/bundle ${kinds.page}, signup ${kinds.signup}`,
        `latency    p50 ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${at(1).toFixed(1)} ms (from the scheduled time, over the correct answers)`,
        `errors     ${errorCount}${errorCount ? ` (${[...errors].map(([kind, n]) => `${kind}: ${n}`).join(', ')})` : ''}`,
        `retried    ${keepAliveRetries} (a kept-alive connection closed before any answer; sent again once, as a browser does)`,
        ...target.servers.map(
          (server, i) =>
            `RSS ${server.name.padEnd(6)} start ${mb(rssStart[i] ?? 0)}, after 2 min ${rssAt2Minutes ? mb(rssAt2Minutes[i] ?? 0) : '(run shorter)'}, end ${mb(rssEnd[i] ?? 0)}, max ${mb(Math.max(...rssSamples.map((sample) => sample[i] ?? 0), rssEnd[i] ?? 0))}`,
        ),
      ].join('\n'),
    );
    process.exitCode = errorCount ? 1 : 0;
  } finally {
    await target.stop();
  }
}

main().catch((error) => {
  console.error(String(error));
  process.exit(1);
});
