/** The rate limits' series (docs/operations.md "Metrics"): with REDIS_URL, whether Redis counts the limits now. */
import client from 'prom-client';

export function registerRateLimitMetrics(registry: client.Registry, redisUp: (() => boolean) | undefined): void {
  if (!redisUp) return;
  new client.Gauge({
    name: 'kasuwa_redis_up',
    help: '1 while Redis counts the signup limits; 0 while it does not answer and this server counts them alone',
    registers: [registry],
    collect() {
      this.set(redisUp() ? 1 : 0);
    },
  });
}
