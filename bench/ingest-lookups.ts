/**
 * getStoreLeaderboard lookups while POST /ingest/sales takes a 10 MB batch (docs/contest.md, Intake):
 * the server in-process on a scratch SQLite DATA_DIR with the demo stores; lookup p50/p99 with no
 * ingest, during a valid batch and during an invalid one, in one table.
 * Usage and flags: docs/benchmarks.md#ingest-lookups
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { INGEST_MAX_BYTES } from '../server/http/ingest.js';
import { loadPageRenderers } from '../server/load-page-renderers.js';
import { startServer } from '../server/server.js';
import { scratchDatabase } from '../testing/server/scratch-database.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '4' },
    'idle-seconds': { type: 'string', default: '2' },
  },
});
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const idleSeconds = Number(values['idle-seconds']);
if (![rounds, connections, idleSeconds].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('--rounds, --connections and --idle-seconds take whole numbers from 1');
  process.exit(2);
}
const TOKEN = 'bench-ingest-token-0123456789';

/** NDJSON lines up to (not over) the ingest limit, encoded beforehand so sending costs this process little. */
function batch(line: (i: number) => string): { body: Uint8Array<ArrayBuffer>; lines: number } {
  const parts: string[] = [];
  let bytes = 0;
  for (let i = 0; ; i += 1) {
    const next = `${line(i)}\n`;
    if (bytes + next.length > INGEST_MAX_BYTES) return { body: new TextEncoder().encode(parts.join('')), lines: i };
    parts.push(next);
    bytes += next.length;
  }
}

const database = await scratchDatabase('sqlite');
const config = loadConfig({
  ...database.env,
  PORT: '0',
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  DEMO_DATA: 'on',
  LOG_REQUESTS: 'off',
  SINGLE_SERVER: 'on',
  INGEST_TOKEN: TOKEN,
  SITE_PAGES: 'site/page-renderers.ts',
});
const running = await startServer(config, await loadPageRenderers(config));
const base = `http://127.0.0.1:${running.port}`;
const stores = await running.db.selectFrom('stores').select(['id', 'domain']).orderBy('id').execute();

type Phase = { times: number[]; failed: number; ingests: string[]; seconds: number[] };
const phases = new Map<string, Phase>();
const phase = (name: string): Phase => {
  if (!phases.has(name)) phases.set(name, { times: [], failed: 0, ingests: [], seconds: [] });
  return phases.get(name) as Phase;
};

/** Lookups from `connections` clients, each one after another, until `done` settles; their times go to `into`. */
async function lookups(done: Promise<unknown>, into: Phase) {
  let stop = false;
  const finish = () => {
    stop = true;
  };
  done.then(finish, finish);
  let next = 0;
  const client = async () => {
    while (!stop) {
      const { domain } = stores[next++ % stores.length] as { domain: string };
      const started = performance.now();
      try {
        const response = await fetch(`${base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: `{ getStoreLeaderboard(query: { domain: "${domain}" }) { rank totalRevenue } }`,
          }),
        });
        await response.text();
        if (response.ok) into.times.push(performance.now() - started);
        else into.failed += 1;
      } catch {
        into.failed += 1; // the server gave up on the request (its headers timeout) or the connection
      }
    }
  };
  await Promise.all([done, ...Array.from({ length: connections }, client)]);
}

async function ingest(body: Uint8Array<ArrayBuffer>, into: Phase) {
  const started = performance.now();
  const response = await fetch(`${base}/ingest/sales`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
    body,
  });
  await response.text();
  into.ingests.push(String(response.status));
  into.seconds.push((performance.now() - started) / 1000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const invalid = batch(() => '{"order_id":"x"}');
let validLines = 0;
try {
  // Warm-up: the first requests compile the lookup's document.
  await lookups(sleep(1000), phase('warm-up'));
  for (let round = 0; round < rounds; round += 1) {
    const valid = batch((i) =>
      JSON.stringify({
        order_id: `bench-${Date.now().toString(36)}-${round}-${i}`,
        store_id: (stores[i % stores.length] as { id: string }).id,
        amount: `${1000 + (i % 5000)}.50`,
        status: 'paid',
        paid_at: '2026-12-24T12:00:00+01:00',
      }),
    );
    validLines = valid.lines;
    await lookups(sleep(idleSeconds * 1000), phase('no ingest'));
    for (const [name, { body }] of [
      [`10 MB valid batch`, valid],
      [`10 MB invalid batch`, invalid],
    ] as const) {
      const into = phase(name);
      await lookups(ingest(body, into), into);
    }
  }
} finally {
  await running.close();
  await database.drop();
}

const ms = (value: number) => value.toFixed(1);
const rows = [...phases].flatMap(([name, { times, failed, ingests, seconds }]) => {
  if (name === 'warm-up') return [];
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0;
  const lines = name.includes('invalid') ? invalid.lines : validLines;
  return [
    [
      name,
      ingests.length ? `${lines.toLocaleString('en-US')} lines: ${ingests.join(' ')}` : '',
      seconds.map((s) => s.toFixed(2)).join(' '),
      String(times.length),
      String(failed),
      ms(at(0.5)),
      ms(at(0.99)),
      ms(times[times.length - 1] ?? 0),
    ],
  ];
});
const header = ['lookups during', 'ingest answers', 'ingest s', 'lookups', 'failed', 'p50 ms', 'p99 ms', 'max ms'];
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(
  `\n${rounds} rounds, ${connections} lookup clients over HTTP in-process, ${stores.length} demo stores, SQLite`,
);
console.log([line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n'));
