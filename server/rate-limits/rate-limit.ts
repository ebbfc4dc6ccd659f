/**
 * Fixed-window rate limits: at most `max` hits per key per window. The rule lives here once; where the
 * hits are counted sits behind HitCounter: in this process's memory (embedded SQLite, one server), or
 * in PostgreSQL or Redis so every server behind the load balancer counts the same hits (docs/scaling.md).
 * Transport-free: the caller passes the key and, in tests, the time.
 */
import { isDatabaseUnavailable } from '../db/availability.js';

export type RateLimit = { max: number; windowSeconds: number };
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** A key's window after one more hit: how many hits it holds, this one included, and when it ends. */
export type WindowCount = { hits: number; endsAtMs: number };

export interface HitCounter {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Redis only: whether it answers now (false while limits count in this process instead). */
  answering?(): boolean;
  /** Counts one hit for `key`, opening a new window of `limit.windowSeconds` when the last one ended. */
  count(key: string, limit: RateLimit, nowMs: number): Promise<WindowCount>;
  /** Takes back one hit of `key`'s current window (a request refused for our fault, not the client's). */
  refund(key: string, limit: RateLimit, nowMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Refusals are remembered at most this long per sweep, so memory stays bounded by one window's traffic. */
const SWEEP_EVERY_MS = 60_000;

export class RateLimiter {
  /**
   * Who is refused until when, in this process: a refused client hammering the form costs no round trip
   * to the shared counter until its window ends.
   */
  private readonly refusedUntil = new Map<string, number>();
  private lastSweep = 0;

  /** `scope` keeps limits apart in a shared counter (per-IP and per-address keys never collide). */
  constructor(
    private readonly limit: RateLimit,
    private readonly counter: HitCounter = memoryHitCounter(),
    private readonly scope = 'limit',
  ) {}

  /** Counts one hit for `key` and says whether it is within the limit. */
  async hit(key: string, now = Date.now()): Promise<RateDecision> {
    this.sweep(now);
    const until = this.refusedUntil.get(key);
    if (until !== undefined && until > now) return refusal(until - now);
    const { hits, endsAtMs } = await this.counter.count(`${this.scope}:${key}`, this.limit, now);
    if (hits <= this.limit.max) return { ok: true };
    this.refusedUntil.set(key, endsAtMs);
    return refusal(endsAtMs - now);
  }

  /**
   * Gives back the hit a request counted when we then failed it ourselves (the database unavailable):
   * "try again in a moment" must not use up the allowance the retry needs. Best effort: a counter that
   * cannot be reached keeps the hit.
   */
  async refund(key: string, now = Date.now()): Promise<void> {
    await this.counter.refund(`${this.scope}:${key}`, this.limit, now).catch(() => {});
  }

  private sweep(now: number) {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, until] of this.refusedUntil) if (until <= now) this.refusedUntil.delete(key);
  }
}

/** Counts one hit of a request against `limiter` for `key` (see givingBackWhenUnavailable). */
export type CountHit = (limiter: RateLimiter, key: string, now?: number) => Promise<RateDecision>;

/**
 * Runs one request's `work`, which counts its hits with `hit`: when the database then fails the request
 * (unavailable, docs/operations.md "Database outages"), each hit it counted within a limit is given back,
 * so "try again in a moment" does not use up the allowance the retry needs. The error goes on as it was.
 */
export async function givingBackWhenUnavailable<T>(work: (hit: CountHit) => Promise<T>): Promise<T> {
  const counted: (() => Promise<void>)[] = [];
  const hit: CountHit = async (limiter, key, now) => {
    const decision = await limiter.hit(key, now);
    if (decision.ok) counted.push(() => limiter.refund(key));
    return decision;
  };
  try {
    return await work(hit);
  } catch (error) {
    // Not awaited: a refund to a counter on a database that is down would delay the answer by its connect bound.
    if (isDatabaseUnavailable(error)) for (const refund of counted) void refund();
    throw error;
  }
}

function refusal(waitMs: number): RateDecision {
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * Counts in this process's memory: right when one server owns the database (embedded SQLite). A restart
 * forgives everyone, which errs on the side of real people.
 */
export function memoryHitCounter(): HitCounter {
  const windows = new Map<string, WindowCount>();
  let lastSweep = 0;
  return {
    kind: 'memory',
    async count(key, limit, nowMs) {
      if (nowMs - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = nowMs;
        for (const [stale, window] of windows) if (window.endsAtMs <= nowMs) windows.delete(stale);
      }
      let window = windows.get(key);
      if (!window || window.endsAtMs <= nowMs) {
        window = { hits: 0, endsAtMs: nowMs + limit.windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.hits += 1;
      return { ...window };
    },
    async refund(key, _limit, nowMs) {
      const window = windows.get(key);
      if (window && window.endsAtMs > nowMs && window.hits > 0) window.hits -= 1;
    },
    async close() {},
  };
}
