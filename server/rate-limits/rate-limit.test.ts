import { describe, expect, it } from 'vitest';
import { rateLimitedMessage } from '../../common/messages.js';
import { givingBackWhenUnavailable, type HitCounter, memoryHitCounter, RateLimiter } from './rate-limit.js';

describe('RateLimiter', () => {
  it('given a refusal from the limiter should name the wait it reports', async () => {
    const limiter = new RateLimiter({ max: 1, windowSeconds: 720 });
    await limiter.hit('ada', 0);
    const decision = await limiter.hit('ada', 1000);
    expect(decision.ok ? '' : rateLimitedMessage(decision.retryAfterSeconds)).toBe(
      'Too many tries. Try again in 12 minutes.',
    );
  });

  it('given a refused key should refuse it again without asking the shared counter until its window ends', async () => {
    const memory = memoryHitCounter();
    let asked = 0;
    const counter: HitCounter = {
      ...memory,
      count(...args) {
        asked += 1;
        return memory.count(...args);
      },
    };
    const limiter = new RateLimiter({ max: 1, windowSeconds: 60 }, counter, 'ip');
    expect(await limiter.hit('a', 0)).toEqual({ ok: true });
    expect(await limiter.hit('a', 1000)).toEqual({ ok: false, retryAfterSeconds: 59 });
    expect(await limiter.hit('a', 2000)).toEqual({ ok: false, retryAfterSeconds: 58 });
    expect(asked).toBe(2);
    expect(await limiter.hit('a', 60_000)).toEqual({ ok: true });
    expect(asked).toBe(3);
  });

  it('given a hit refunded (a request we failed ourselves) should let one more through in that window, and no more', async () => {
    const limiter = new RateLimiter({ max: 1, windowSeconds: 60 });
    expect(await limiter.hit('a', 0)).toEqual({ ok: true });
    await limiter.refund('a', 1000);
    expect(await limiter.hit('a', 2000)).toEqual({ ok: true });
    expect(await limiter.hit('a', 3000)).toEqual({ ok: false, retryAfterSeconds: 57 });
  });
});

describe('givingBackWhenUnavailable', () => {
  it('given the database unavailable after a request counted its hit should give it back, and keep it for any other failure', async () => {
    const limiter = new RateLimiter({ max: 1, windowSeconds: 60 });
    const failingWith = (error: Error) =>
      givingBackWhenUnavailable(async (hit) => {
        expect(await hit(limiter, 'a')).toEqual({ ok: true });
        throw error;
      });
    const unavailable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    await expect(failingWith(unavailable)).rejects.toBe(unavailable);
    const ours = new Error('a fault of ours');
    await expect(failingWith(ours)).rejects.toBe(ours);
    expect((await limiter.hit('a')).ok).toBe(false);
  });
});
