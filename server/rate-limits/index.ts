/**
 * Rate limits, the entry the other capabilities and the wiring use (docs/scaling.md "Shared limits"): the
 * fixed-window rule (rate-limit.ts) and where its hits are counted (hit-counters.ts). Its tests and the
 * benchmark reach the counters directly. `create` is its module for the composition root
 * (server/capability.ts): the counter every other capability counts its limits in, and kasuwa_redis_up.
 */
import type client from 'prom-client';
import type { Capability } from '../capability.js';
import { registerRateLimitMetrics } from './metrics.js';
import type { HitCounter } from './rate-limit.js';

export { openHitCounter } from './hit-counters.js';
export {
  type CountHit,
  givingBackWhenUnavailable,
  type HitCounter,
  type RateDecision,
  type RateLimit,
  RateLimiter,
} from './rate-limit.js';

export type RateLimitsApi = {
  /** Where every limit counts: this process, PostgreSQL or Redis (openHitCounter). */
  counter: HitCounter;
  /** With REDIS_URL: whether Redis counts the limits now, or each server alone (/readyz, kasuwa_redis_up). */
  redisUp: (() => boolean) | undefined;
};

/** The module over a counter already opened (the server opens it first, to refuse a bad REDIS_URL in one line). */
export function create(deps: { counter: HitCounter; registry: client.Registry }): Capability<RateLimitsApi> {
  const { counter } = deps;
  const redisUp = counter.answering ? counter.answering.bind(counter) : undefined;
  registerRateLimitMetrics(deps.registry, redisUp);
  return {
    api: { counter, redisUp },
    close: () => counter.close(),
  };
}
