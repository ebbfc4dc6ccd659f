/**
 * Fixed-window counters in memory: at most `max` hits per key per window. Transport-free (the caller
 * passes the key and, in tests, the time). One server process owns a DATA_DIR, so memory is enough;
 * a restart forgives everyone, which errs on the side of real people.
 */
export type RateLimit = { max: number; windowSeconds: number };
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private lastSweep = 0;

  constructor(private readonly limit: RateLimit) {}

  /** Counts one hit for `key` and says whether it is within the limit. */
  hit(key: string, now = Date.now()): RateDecision {
    const windowMs = this.limit.windowSeconds * 1000;
    this.sweep(now, windowMs);
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit.max) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)) };
    }
    window.count += 1;
    return { ok: true };
  }

  /** Drops expired windows now and then, so memory stays bounded by the traffic of one window. */
  private sweep(now: number, windowMs: number) {
    if (now - this.lastSweep < windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (now - window.startedAt >= windowMs) this.windows.delete(key);
  }
}
