/**
 * The contest benchmark (docs/contest.md): rank lookups in-process and over HTTP, sales import speed
 * and the server's RSS at 100k and 1M participating stores, on SQLite, PostgreSQL or both.
 * Usage, flags and what it prints: docs/benchmarks.md#leaderboard
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { type DocumentNode, print } from 'graphql';
import { sql } from 'kysely';
import { SOURCE_NODE_ARGS } from '../scripts/source-node.mjs';
import { loadConfig } from '../server/config.js';
import { RankLookup } from '../server/contest/rank-lookup.js';
import { contestStorageFor } from '../server/contest/storage-for-database.js';
import type { Backend } from '../server/db/database.js';
import { generateContestData, seededRandom } from '../server/demo-data.js';
import { DEFAULT_POSTGRES_ADMIN_URL, scratchDatabase } from '../testing/server/scratch-database.js';
import { GET_STORE_LEADERBOARD } from '../widgets/shared/documents.js';

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Record<string, unknown>,
) => Promise<AutocannonResult>;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
}

const sizes = option('sizes', '100000,1000000').split(',').map(Number);
const duration = Number(option('duration', '5'));
const ROUNDS = 3;
const POOL = 100_000;
const basePort = Number(option('port', '3220'));
const dbOption = option('db', 'sqlite');
if (!['sqlite', 'postgres', 'both'].includes(dbOption)) {
  console.error('--db must be sqlite, postgres or both');
  process.exit(2);
}
const backends: Backend[] = dbOption === 'both' ? ['sqlite', 'postgres'] : [dbOption as Backend];
const dbPrefix = option('db-prefix', 'kasuwa_bench');
/** Figures per "size backend" for the table at the end. */
const table = new Map<string, Map<string, string>>();
const record = (run: string, figure: string, value: string) => {
  if (!table.has(figure)) table.set(figure, new Map());
  table.get(figure)?.set(run, value);
};
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const say = (line: string) => console.log(line);

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

function rssOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function waitForHealth(url: string, timeoutMs: number, child: ReturnType<typeof spawn>) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy at ${url}`);
}

async function run(participants: number, port: number, backend: Backend) {
  const database = await scratchDatabase(
    backend,
    process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES_ADMIN_URL,
    dbPrefix,
  );
  const { opened } = database;
  const config = loadConfig({ ...process.env, ...database.env, DEMO_DATA: 'off' });
  const stores = Math.ceil(participants * 1.012);
  const runName = `${fmt(participants)} ${backend}`;
  say(`\n== ${fmt(participants)} participating stores (${fmt(stores)} generated) on ${opened.description} ==`);
  let server: ReturnType<typeof spawn> | undefined;
  try {
    const storage = contestStorageFor(opened);
    // As the import commands do, so the load below measures loading only.
    await storage.ensureStandings(config.campaign);
    storage.prepareBulkImport();
    const data = generateContestData(config.campaign, { stores, sales: stores });
    let started = performance.now();
    await storage.importStores(data.stores());
    say(`stores imported: ${fmt(stores)} in ${fmt((performance.now() - started) / 1000, 1)} s`);
    started = performance.now();
    const summary = await storage.importSales(config.campaign, data.sales());
    const salesSeconds = (performance.now() - started) / 1000;
    say(
      `(c) sales imported: ${fmt(summary.accepted)} in ${fmt(salesSeconds, 1)} s = ${fmt(summary.accepted / salesSeconds)} sales/s`,
    );
    record(
      runName,
      '(c) sales imported (one transaction)',
      `${fmt(summary.accepted / salesSeconds)}/s (${fmt(salesSeconds, 1)} s)`,
    );

    started = performance.now();
    const board = await RankLookup.load(storage, config.campaign);
    const loadSeconds = (performance.now() - started) / 1000;
    say(
      `rank index and store directory: ${fmt(board.index.participants)} participants and ${fmt(board.stores.count)} stores, ` +
        `loaded in ${fmt(loadSeconds * 1000)} ms, ${fmt(board.index.bytes / 1024 / 1024, 1)} MB + ${fmt(board.stores.bytes / 1024 / 1024, 1)} MB`,
    );
    record(runName, 'rank index and store directory: cold load', `${fmt(loadSeconds, 1)} s`);
    // A pool of 100,000 distinct stores, typed as people do: some bare names, some URLs. Each lookup
    // picks one at random, so the CPU caches rarely hold its store.
    const domains = (
      await opened.db
        .selectFrom('stores')
        .select('domain')
        .where(sql<boolean>`opted_in`) // 0/1 on SQLite, a boolean on PostgreSQL
        .orderBy(sql`random()`)
        .limit(POOL)
        .execute()
    ).map((row) => row.domain);
    const typed = domains.map((domain, i) =>
      i % 3 === 0 ? domain.replace('.kasuwa.shop', '') : i % 3 === 1 ? `https://www.${domain}/shop` : domain,
    );
    const random = seededRandom(7);
    const pick = () => typed[Math.floor(random() * typed.length)] as string;

    const timeLookups = (choose: () => string) => {
      const samples = 200_000;
      const times = new Float64Array(samples);
      for (let i = 0; i < 20_000; i += 1) board.lookup(choose());
      const inputs = Array.from({ length: samples }, choose);
      const loopStart = performance.now();
      for (let i = 0; i < samples; i += 1) {
        const t0 = process.hrtime.bigint();
        board.lookup(inputs[i] as string);
        times[i] = Number(process.hrtime.bigint() - t0) / 1000;
      }
      const seconds = (performance.now() - loopStart) / 1000;
      times.sort();
      return `${fmt(samples / seconds)} lookups/s, p50 ${fmt(percentile(times, 0.5), 1)} µs, p99 ${fmt(percentile(times, 0.99), 1)} µs`;
    };
    const randomLookups = timeLookups(pick);
    say(`(a) in-process lookup, random over ${fmt(typed.length)} stores: ${randomLookups}`);
    record(
      runName,
      '(a) in-process lookup, random store: p50 / p99',
      randomLookups.replace(/^.*p50 /, '').replace(' µs, p99', ' /'),
    );
    let next = 0;
    say(`    in-process lookup, the same 1,000 stores again: ${timeLookups(() => typed[next++ % 1000] as string)}`);
    const samples = 200_000;
    const revenues = Array.from({ length: 5000 }, (_, i) => board.index.revenueOf(1 + ((i * 7919) % stores)));
    const indexTimes = new Float64Array(samples);
    for (let i = 0; i < samples; i += 1) {
      const own = revenues[i % revenues.length] as number;
      const t0 = process.hrtime.bigint();
      board.index.countAbove(own);
      board.index.revenueAtPlace(10);
      indexTimes[i] = Number(process.hrtime.bigint() - t0) / 1000;
    }
    indexTimes.sort();
    say(
      `    rank index alone: p50 ${fmt(percentile(indexTimes, 0.5), 2)} µs, p99 ${fmt(percentile(indexTimes, 0.99), 2)} µs`,
    );
    board.stop();

    server = spawn(process.execPath, [...SOURCE_NODE_ARGS, 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...database.env,
        DEMO_DATA: 'off',
        NODE_ENV: 'production',
        // The only server on its scratch database: e-mail may go to .eml files, as with SQLite.
        SINGLE_SERVER: 'on',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    started = performance.now();
    await waitForHealth(`${url}/readyz`, 120_000, server);
    say(
      `server ready in ${fmt((performance.now() - started) / 1000, 1)} s, RSS ${fmt(rssOf(server.pid as number).rss)} MB`,
    );

    const headers = { 'content-type': 'application/json' };
    const typename = JSON.stringify({ query: '{ __typename }' });
    // The query exactly as the <store-rank-checker> widget sends it (Apollo adds __typename).
    const lookupQuery = print(addTypenameToDocument(GET_STORE_LEADERBOARD as DocumentNode));
    // Every request picks its store: `random` from the whole pool, `hot` from 1,000 stores (owners
    // checking their own store again).
    // Bodies are built before the run so the load generator (on the same two cores) does as little per
    // request for the lookups as for { __typename }.
    const bodies = typed.map((domain) => JSON.stringify({ query: lookupQuery, variables: { query: { domain } } }));
    const lookupRequests = (choose: () => number) => [
      {
        method: 'POST',
        path: '/graphql',
        headers,
        setupRequest: (request: Record<string, unknown>) => ({ ...request, body: bodies[choose()] }),
      },
    ];
    const hotRandom = seededRandom(11);
    const workloads = {
      '{ __typename }': [{ method: 'POST', path: '/graphql', headers, body: typename }],
      [`getStoreLeaderboard, random of ${fmt(typed.length)}`]: lookupRequests(() =>
        Math.floor(random() * bodies.length),
      ),
      'getStoreLeaderboard, hot 1,000': lookupRequests(() => Math.floor(hotRandom() * 1000)),
    };
    const cannon = (requests: Record<string, unknown>[], seconds: number) =>
      autocannon({ url, connections: 50, duration: seconds, requests });
    for (const requests of Object.values(workloads)) await cannon(requests, 3);
    // The machine is shared: alternate the workloads over several rounds and compare the means.
    const results = new Map<string, AutocannonResult[]>(Object.keys(workloads).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, requests] of Object.entries(workloads))
        results.get(name)?.push(await cannon(requests, duration));
    }
    const mean = (runs: AutocannonResult[], value: (r: AutocannonResult) => number) =>
      runs.reduce((sum, r) => sum + value(r), 0) / runs.length;
    const baseRps = mean(results.get('{ __typename }') ?? [], (r) => r.requests.average);
    say(`(b) HTTP, 50 connections, ${ROUNDS} alternating rounds of ${duration} s each (mean; per round in brackets):`);
    for (const [name, runs] of results) {
      const rps = mean(runs, (r) => r.requests.average);
      const failures = runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
      say(
        `    ${name.padEnd(36)} ${fmt(rps).padStart(7)} req/s [${runs.map((r) => fmt(r.requests.average)).join(', ')}], ` +
          `p99 ${fmt(
            mean(runs, (r) => r.latency.p99),
            1,
          )} ms, ${fmt((100 * rps) / baseRps)}% of { __typename }` +
          (failures ? `, ${failures} non-2xx or errors` : ''),
      );
      record(
        runName,
        `(b) HTTP ${name}: req/s (share of { __typename })`,
        `${fmt(rps)} (${fmt((100 * rps) / baseRps)}%)`,
      );
    }
    const memory = rssOf(server.pid as number);
    say(`(d) server RSS: ${fmt(memory.rss)} MB now, ${fmt(memory.peak)} MB peak`);
    record(runName, '(d) server RSS after the HTTP runs (peak)', `${fmt(memory.rss)} MB (${fmt(memory.peak)} MB)`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await database.drop();
  }
}

say(
  `bench/leaderboard on ${os.cpus().length} CPUs, Node ${process.version}, HTTP runs of ${duration} s with 50 connections`,
);
say(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')} (the machine may be shared)`,
);
for (const [i, size] of sizes.entries()) {
  for (const [j, backend] of backends.entries()) await run(size, basePort + i * backends.length + j, backend);
}
const runs = sizes.flatMap((size) => backends.map((backend) => `${fmt(size)} ${backend}`));
const width = Math.max(...[...table.keys()].map((figure) => figure.length));
say(`\n${'figure'.padEnd(width)} | ${runs.map((name) => name.padEnd(22)).join(' | ')}`);
for (const [figure, values] of table) {
  say(`${figure.padEnd(width)} | ${runs.map((name) => (values.get(name) ?? '').padEnd(22)).join(' | ')}`);
}
say(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`,
);
