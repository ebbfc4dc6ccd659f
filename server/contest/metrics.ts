/**
 * The contest capability's series (docs/operations.md "Metrics"): rank lookups by outcome and how long
 * they took (counted-lookup.ts), readiness, and the change feed (lag, unsettled rows, failures, reloads),
 * read from the board in memory at each scrape.
 */
import client from 'prom-client';
import { RANK_LOOKUP_OUTCOMES, type RankLookupOutcome } from './counted-lookup.js';
import type { RankLookup } from './rank-lookup.js';

export function registerContestMetrics(registry: client.Registry, contest: Pick<RankLookup, 'ready' | 'feed'>) {
  const rankLookups = new client.Counter({
    name: 'kasuwa_rank_lookups_total',
    help: 'Rank lookups (getStoreLeaderboard and the rank page) by outcome: found, not_found, invalid (empty) or failed',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const rankLookupSeconds = new client.Histogram({
    name: 'kasuwa_rank_lookup_duration_seconds',
    help: 'How long rank lookups took, by outcome (the rank-lookup objective: answered, not failed, within 1 s)',
    labelNames: ['outcome'] as const,
    buckets: [0.0001, 0.001, 0.01, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  for (const outcome of RANK_LOOKUP_OUTCOMES) {
    rankLookups.inc({ outcome }, 0);
    rankLookupSeconds.zero({ outcome });
  }

  new client.Gauge({
    name: 'kasuwa_ready',
    help: '1 once the rank index and the store directory are loaded',
    registers: [registry],
    collect() {
      this.set(contest.ready ? 1 : 0);
    },
  });

  const feedGauge = (name: string, help: string, read: () => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  feedGauge(
    'kasuwa_change_feed_lag_seconds',
    'Seconds since this server last applied the contest change log (polled every second)',
    () => contest.feed.secondsSinceApplied,
  );
  feedGauge(
    'kasuwa_change_feed_unsettled_changes',
    'Change log rows visible but not settled: an older writing transaction is still open',
    () => contest.feed.unsettledChanges,
  );
  feedGauge(
    'kasuwa_change_feed_unsettled_seconds',
    'Seconds an open transaction has held the change log horizon back (reload rows wait meanwhile)',
    () => contest.feed.unsettledSeconds,
  );
  new client.Counter({
    name: 'kasuwa_change_feed_failures_total',
    help: 'Change log refreshes that failed (the next poll retries them)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(contest.feed.failures);
    },
  });
  new client.Counter({
    name: 'kasuwa_contest_reloads_total',
    help: 'Rank index reloads by scope: everything (directory too) or revenues; the first load included',
    labelNames: ['scope'] as const,
    registers: [registry],
    collect() {
      const { reloads } = contest.feed;
      this.reset();
      this.inc({ scope: 'everything' }, reloads.everything);
      this.inc({ scope: 'revenues' }, reloads.revenues);
    },
  });

  return {
    rankLookup(outcome: RankLookupOutcome, seconds: number): void {
      rankLookups.inc({ outcome });
      rankLookupSeconds.observe({ outcome }, seconds);
    },
  };
}
