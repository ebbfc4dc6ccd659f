/**
 * Rate limits, the entry the other capabilities and the wiring use (docs/scaling.md "Shared limits"): the
 * fixed-window rule (rate-limit.ts) and where its hits are counted (hit-counters.ts). Its tests and the
 * benchmark reach the counters directly.
 */
export { openHitCounter } from './hit-counters.js';
export { registerRateLimitMetrics } from './metrics.js';
export {
  type CountHit,
  givingBackWhenUnavailable,
  type HitCounter,
  type RateDecision,
  type RateLimit,
  RateLimiter,
} from './rate-limit.js';
