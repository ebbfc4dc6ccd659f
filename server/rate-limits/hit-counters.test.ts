/**
 * The shared rate-limit counters (docs/scaling.md): two handles, as two servers would hold, count the
 * same hits, in PostgreSQL's rate_limit_windows table and in Redis (rate-limiter-flexible); a Redis
 * down at start is an outage (limits in memory until it answers), not a refusal to start.
 */
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, testRedisUrl } from '../../testing/server/databases.js';
import { freePort } from '../../testing/server/free-port.js';
import { spawnRedis } from '../../testing/system/redis-server.js';
import { openPostgres } from '../db/database.js';
import { postgresHitCounter, redisHitCounter } from './hit-counters.js';
import { type HitCounter, RateLimiter } from './rate-limit.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two counters on one store, as two servers would open them. */
const stores: Record<'postgres' | 'redis', () => Promise<[HitCounter, HitCounter]>> = {
  async postgres() {
    const database = await freshDatabase('postgres');
    const second = openPostgres(database.env.DATABASE_URL ?? '');
    cleanups.push(async () => {
      await second.close();
      await database.drop();
    });
    if (database.opened.backend !== 'postgres') throw new Error('expected PostgreSQL');
    return [postgresHitCounter(database.opened.pool), postgresHitCounter(second.pool)];
  },
  async redis() {
    const url = testRedisUrl();
    const counters = [await redisHitCounter(url), await redisHitCounter(url)] as [HitCounter, HitCounter];
    cleanups.push(async () => {
      for (const counter of counters) await counter.close();
    });
    return counters;
  },
};

describe.each(['postgres', 'redis'] as const)('signup limits counted in %s', (store) => {
  // Keys of their own per test: Redis outlives the test run.
  const scope = () => `test-${crypto.randomBytes(6).toString('hex')}`;

  it('given concurrent hits on one key through two servers should allow exactly the limit between them', async () => {
    const [one, two] = await stores[store]();
    const limit = { max: 3, windowSeconds: 3600 };
    const name = scope();
    const limiters = [new RateLimiter(limit, one, name), new RateLimiter(limit, two, name)];
    const now = Date.now();
    const decisions = await Promise.all(
      Array.from({ length: 10 }, (_, i) => limiters[i % 2]!.hit('ada@example.ng', now)),
    );
    expect(decisions.filter((decision) => decision.ok)).toHaveLength(3);
    for (const decision of decisions.filter((d) => !d.ok)) {
      expect(decision).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) });
      if (!decision.ok) expect(decision.retryAfterSeconds).toBeGreaterThan(3500);
    }
  });

  it('given a key over its limit on one server should refuse it on the other and still allow another key', async () => {
    const [one, two] = await stores[store]();
    const limit = { max: 2, windowSeconds: 600 };
    const name = scope();
    const first = new RateLimiter(limit, one, name);
    const second = new RateLimiter(limit, two, name);
    const now = Date.now();
    expect(await first.hit('198.51.100.7', now)).toEqual({ ok: true });
    expect(await first.hit('198.51.100.7', now)).toEqual({ ok: true });
    expect(await second.hit('198.51.100.7', now)).toMatchObject({ ok: false });
    expect(await second.hit('203.0.113.9', now)).toEqual({ ok: true });
  });
});

describe('signup limits counted in postgres, as time passes', () => {
  it('given a window that has ended should open a new one for the same key', async () => {
    const [one, two] = await stores.postgres();
    const limit = { max: 1, windowSeconds: 60 };
    const start = Date.parse('2026-12-05T10:00:00Z');
    expect(await new RateLimiter(limit, one, 'ip').hit('a', start)).toEqual({ ok: true });
    expect(await new RateLimiter(limit, two, 'ip').hit('a', start + 30_000)).toEqual({
      ok: false,
      retryAfterSeconds: 30,
    });
    expect(await new RateLimiter(limit, two, 'ip').hit('a', start + 60_000)).toEqual({ ok: true });
  });
});

describe('signup limits on a Redis that does not answer at start', () => {
  it('given Redis down when the server starts should start counting in this process, then count in Redis once it answers', async () => {
    const port = await freePort();
    const counter = await redisHitCounter(`redis://127.0.0.1:${port}`);
    cleanups.push(() => counter.close());
    expect(counter.answering?.()).toBe(false);
    // Still limits meanwhile, in memory.
    const limiter = new RateLimiter({ max: 1, windowSeconds: 60 }, counter, 'start-outage');
    expect((await limiter.hit('ada@example.ng', Date.now())).ok).toBe(true);
    expect((await limiter.hit('ada@example.ng', Date.now())).ok).toBe(false);
    const redis = spawnRedis(port);
    cleanups.push(async () => {
      redis.kill('SIGKILL');
    });
    await expect.poll(() => counter.answering?.(), { timeout: 15_000, interval: 200 }).toBe(true);
  });
});
