/**
 * Shared rate-limit counters (docs/scaling.md): limiter hits per second through RateLimiter, counted
 * in PostgreSQL (batched, and once per hit) and in Redis, from one process and from two at once.
 * Usage and flags: docs/benchmarks.md#rate-limits
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { SOURCE_NODE_ARGS } from '../scripts/source-node.mjs';
import { openPostgres } from '../server/db/database.js';
import { COUNT_HITS, postgresHitCounter, redisHitCounter } from '../server/rate-limits/hit-counters.js';
import { type HitCounter, RateLimiter } from '../server/rate-limits/rate-limit.js';
import { DEFAULT_POSTGRES_ADMIN_URL, scratchDatabase } from '../testing/server/scratch-database.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '64' },
    keys: { type: 'string', default: '10000' },
    // Internal: run as one measuring process against this store and URL.
    child: { type: 'string' },
    url: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const keySpace = Number(values.keys);

/** One process: `concurrency` loops hitting random keys for `seconds`; prints hits and p99 latency. */
type Store = 'postgres' | 'postgres-per-hit' | 'redis';
const STORES: readonly Store[] = ['postgres', 'postgres-per-hit', 'redis'];

/** One upsert per hit: what postgresHitCounter would cost without its batching. */
function perHitCounter(pool: pg.Pool): HitCounter {
  return {
    kind: 'postgres',
    async count(key, limit, nowMs) {
      const { rows } = await pool.query(COUNT_HITS, [[key], [1], [nowMs], [nowMs + limit.windowSeconds * 1000]]);
      return { hits: rows[0].hits, endsAtMs: rows[0].ends_at_ms };
    },
    async refund() {},
    async close() {},
  };
}

async function measure(store: Store, url: string) {
  const pool = store === 'redis' ? undefined : openPostgres(url, 4);
  const counter: HitCounter = !pool
    ? await redisHitCounter(url)
    : store === 'postgres'
      ? postgresHitCounter(pool.pool)
      : perHitCounter(pool.pool);
  // A limit nobody reaches: every hit goes to the shared store (no local refusal cache).
  const limiter = new RateLimiter({ max: 1_000_000_000, windowSeconds: 3600 }, counter, crypto.randomUUID());
  const latencies: number[] = [];
  let hits = 0;
  const warmUpEnds = Date.now() + 1000;
  const ends = warmUpEnds + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < ends) {
        const started = performance.now();
        await limiter.hit(`key-${Math.floor(Math.random() * keySpace)}`);
        if (Date.now() >= warmUpEnds) {
          hits += 1;
          latencies.push(performance.now() - started);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  console.log(JSON.stringify({ hits, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 }));
  await counter.close();
  await pool?.close();
}

function child(store: string, url: string): Promise<{ hits: number; p99: number }> {
  const script = fileURLToPath(import.meta.url);
  const args = [...SOURCE_NODE_ARGS, script, '--child', store, '--url', url];
  args.push('--seconds', String(seconds), '--concurrency', String(concurrency), '--keys', String(keySpace));
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    process_.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    process_.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`${store} child exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}'));
    });
  });
}

async function main() {
  const asChild = STORES.find((store) => store === values.child);
  if (asChild) return measure(asChild, values.url ?? '');
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_ADMIN_URL;
  const database = await scratchDatabase('postgres', adminUrl, 'kasuwa_bench');
  const postgresUrl = database.env.DATABASE_URL ?? '';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const rows: string[] = [];
  try {
    for (const store of STORES) {
      for (const processes of [1, 2]) {
        const url = store === 'redis' ? redisUrl : postgresUrl;
        const results = await Promise.all(Array.from({ length: processes }, () => child(store, url)));
        const hits = results.reduce((sum, result) => sum + result.hits, 0);
        const p99 = Math.max(...results.map((result) => result.p99));
        rows.push(
          `| ${store.padEnd(16)} | ${processes}         | ${String(Math.round(hits / seconds)).padStart(10)} | ${p99.toFixed(1).padStart(11)} |`,
        );
      }
    }
  } finally {
    await database.drop();
  }
  console.log(`${concurrency} hits in flight per process, ${keySpace} keys, ${seconds} s after a 1 s warm-up\n`);
  console.log('| counter          | processes | hits/s     | p99 ms      |');
  console.log('| ---------------- | --------- | ---------- | ----------- |');
  for (const row of rows) console.log(row);
}

await main();
