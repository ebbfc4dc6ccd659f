/**
 * Where the rate limits count (docs/scaling.md "Shared limits"): Redis through
 * rate-limiter-flexible when REDIS_URL is set, else the database's rate_limit_windows table on
 * PostgreSQL (every server shares it), else this process's memory (embedded SQLite: one server).
 * Redis down or slow, the limits fall back to this process's own counters (fail open, limits only).
 */
import { Redis } from 'ioredis';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { OpenedDatabase } from '../db/database.js';
import { warn } from '../log.js';
import { type HitCounter, memoryHitCounter, type RateLimit, type WindowCount } from './rate-limit.js';

export async function openHitCounter(opened: OpenedDatabase, redisUrl: string | undefined): Promise<HitCounter> {
  if (redisUrl) return redisHitCounter(redisUrl);
  if (opened.backend === 'postgres') return postgresHitCounter(opened.pool);
  return memoryHitCounter();
}

type PendingHit = {
  key: string;
  windowMs: number;
  nowMs: number;
  resolve: (count: WindowCount) => void;
  reject: (error: unknown) => void;
};

// One row per key: a key whose window has ended starts a new one with this batch's hits.
export const COUNT_HITS = `
  INSERT INTO rate_limit_windows AS w (key, hits, counted_at_ms, ends_at_ms)
  SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[]) ORDER BY 1
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN w.ends_at_ms <= excluded.counted_at_ms THEN excluded.hits ELSE w.hits + excluded.hits END,
    ends_at_ms = CASE WHEN w.ends_at_ms <= excluded.counted_at_ms THEN excluded.ends_at_ms ELSE w.ends_at_ms END,
    counted_at_ms = excluded.counted_at_ms
  RETURNING key, hits, ends_at_ms`;

/** Ended windows are deleted this often (by any server; deleting twice is harmless). */
const PRUNE_EVERY_MS = 60_000;

/**
 * The hits of one event-loop turn go to PostgreSQL in one upsert (one round trip, one commit), keys in
 * sorted order so two servers' batches lock rows in the same order and never deadlock. Times are the
 * servers' clocks (milliseconds), so their skew must stay well below a window (NTP does that).
 */
export function postgresHitCounter(pool: pg.Pool): HitCounter {
  let pending: PendingHit[] = [];
  let lastPrune = 0;

  async function flush() {
    const batch = pending;
    pending = [];
    const byKey = new Map<string, PendingHit[]>();
    for (const hit of batch) {
      const hits = byKey.get(hit.key);
      if (hits) hits.push(hit);
      else byKey.set(hit.key, [hit]);
    }
    const keys = [...byKey.keys()].sort();
    const groups = keys.map((key) => byKey.get(key) ?? []);
    const nows = groups.map((hits) => Math.max(...hits.map((hit) => hit.nowMs)));
    try {
      const { rows } = await pool.query<{ key: string; hits: number; ends_at_ms: number }>(COUNT_HITS, [
        keys,
        groups.map((hits) => hits.length),
        nows,
        groups.map((hits, i) => nows[i]! + hits[0]!.windowMs),
      ]);
      for (const row of rows) {
        const hits = byKey.get(row.key) ?? [];
        // The batch's hits are the last ones counted: this one's place among them is its count.
        for (const [i, hit] of hits.entries()) {
          hit.resolve({ hits: row.hits - hits.length + 1 + i, endsAtMs: row.ends_at_ms });
        }
      }
      // Every key comes back; should one not, its hits fail rather than wait for ever (no-op once resolved).
      for (const hit of batch) hit.reject(new Error(`rate limit key ${hit.key} was not counted`));
    } catch (error) {
      for (const hit of batch) hit.reject(error);
    }
    const now = Math.max(...nows);
    if (now - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now;
      await pool.query('DELETE FROM rate_limit_windows WHERE ends_at_ms <= $1', [now]).catch(() => {});
    }
  }

  return {
    kind: 'postgres',
    count(key, limit, nowMs) {
      return new Promise((resolve, reject) => {
        // After the poll phase: every request read in this turn joins the batch.
        if (pending.length === 0) setImmediate(() => void flush());
        pending.push({ key, windowMs: limit.windowSeconds * 1000, nowMs, resolve, reject });
      });
    },
    async refund(key, _limit, nowMs) {
      await pool.query(
        'UPDATE rate_limit_windows SET hits = hits - 1 WHERE key = $1 AND ends_at_ms > $2 AND hits > 0',
        [key, nowMs],
      );
    },
    async close() {},
  };
}

/** A Redis command unanswered this long counts in this process instead (docs/scaling.md "Redis down"). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** During an outage Redis is asked this often whether it answers again. */
const REDIS_PROBE_EVERY_MS = 1000;
/**
 * Outside one, this often whether it still answers: a frozen Redis keeps its connection open, so with no
 * signup to time out nothing else would notice (kasuwa_redis_up and /readyz would say up).
 */
const REDIS_WATCH_EVERY_MS = 5000;

/** rate-limiter-flexible's in-memory limiter, telling the counter each time it stands in for Redis. */
class Insurance extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly standingIn: () => void,
  ) {
    super(options);
  }

  override consume(key: string | number, points?: number, options?: Record<string, unknown>) {
    this.standingIn();
    return super.consume(key, points, options);
  }
}

/**
 * rate-limiter-flexible on Redis: one atomic INCR-with-expiry per hit, fixed windows kept by Redis's
 * own clock (`nowMs` only places the end on ours). Redis not answering at start (down, or slow for a
 * moment) is an outage like a later one, not a refusal: a supervisor's restart during a Redis blip must
 * not leave the server down (bench:chaos found that). Limits fail open to this process: a command that fails or takes over REDIS_COMMAND_TIMEOUT_MS is
 * counted by the limiter's insuranceLimiter (memory), and until a PING answers again (once a second)
 * every hit goes there directly, so a frozen Redis delays only the hits of its first timeout.
 */
export async function redisHitCounter(url: string): Promise<HitCounter> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // While disconnected a command fails at once (no queue waiting for the reconnect, no retry).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  let started = false;
  let closing = false;
  let outage: { since: number; probe: NodeJS.Timeout } | undefined;
  let probing = false;

  const fallBack = (reason: string) => {
    if (!started || closing || outage) return;
    const probe = setInterval(() => void probeRedis(), REDIS_PROBE_EVERY_MS);
    probe.unref();
    outage = { since: Date.now(), probe };
    warn('Redis does not answer: signup limits count in this process until it does', { reason });
  };
  async function probeRedis() {
    // A first connection that failed is not retried by ioredis: the probe starts it again.
    if (client.status === 'wait' || client.status === 'end') client.connect().catch(() => {});
    if (probing || client.status !== 'ready') return;
    probing = true;
    try {
      await client.ping();
    } catch {
      return;
    } finally {
      probing = false;
    }
    if (!outage || closing) return;
    clearInterval(outage.probe);
    warn('Redis answers again: signup limits count there', { outageSeconds: (Date.now() - outage.since) / 1000 });
    outage = undefined;
  }
  // ioredis reconnects by itself and emits an error per failed attempt: one outage, one line.
  client.on('error', (error: Error) => fallBack(error.message));
  const watch = setInterval(() => {
    if (outage || closing || probing || client.status !== 'ready') return;
    probing = true;
    client
      .ping()
      .catch(() => fallBack(`no answer to a ping within ${REDIS_COMMAND_TIMEOUT_MS} ms`))
      .finally(() => {
        probing = false;
      });
  }, REDIS_WATCH_EVERY_MS);
  watch.unref();
  started = true;
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    fallBack(`at start: ${(error as Error).message}`);
  }

  const limiters = new Map<string, { redis: RateLimiterRedis; insurance: Insurance }>();
  const limiterFor = (limit: RateLimit) => {
    const name = `${limit.max}/${limit.windowSeconds}`;
    let pair = limiters.get(name);
    if (!pair) {
      const shape = { keyPrefix: 'kasuwa', points: limit.max, duration: limit.windowSeconds };
      const insurance = new Insurance(shape, () =>
        fallBack(
          client.status === 'ready' ? `no answer within ${REDIS_COMMAND_TIMEOUT_MS} ms` : `connection ${client.status}`,
        ),
      );
      pair = {
        redis: new RateLimiterRedis({
          ...shape,
          storeClient: client,
          insuranceLimiter: insurance,
          rejectIfRedisNotReady: true,
        }),
        insurance,
      };
      limiters.set(name, pair);
    }
    return pair;
  };
  return {
    kind: 'redis',
    answering: () => !outage && client.status === 'ready',
    async count(key, limit, nowMs) {
      const { redis, insurance } = limiterFor(limit);
      let result: RateLimiterRes;
      try {
        result = await (outage ? insurance : redis).consume(key, 1);
      } catch (refused) {
        // Over the limit it rejects with the same result object; anything else is a failure of both.
        if (!(refused instanceof RateLimiterRes)) throw refused;
        result = refused;
      }
      return { hits: result.consumedPoints, endsAtMs: nowMs + result.msBeforeNext };
    },
    async refund(key, limit) {
      const { redis, insurance } = limiterFor(limit);
      await (outage ? insurance : redis).reward(key, 1);
    },
    async close() {
      closing = true;
      clearInterval(watch);
      if (outage) clearInterval(outage.probe);
      await client.quit().catch(() => client.disconnect());
    },
  };
}
