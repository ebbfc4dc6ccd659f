/**
 * bench:chaos's detection math against cases worked by hand (a `for:`-only rule, the signups' two-window
 * burn rate, a ratio over 5 minutes, the mail stream from scraped counters). Times are seconds; one event
 * a second; scrapes every 15 s with a 5 s timeout, evaluations every 15 s, 2 s of polling: 37 s after the
 * condition holds, plus `for:`.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  alertMath,
  type CounterSeries,
  counterEvents,
  type Event,
  eventIndex,
  fireDeadline,
  ratioEndsAfter,
  type Timing,
} from './chaos-detection.js';
import { readRules } from './chaos-prometheus.js';

const timing: Timing = { scrape: 15, scrapeTimeout: 5, evaluation: 15, poll: 2 };
/** One event a second from 1 to `to`, failed inside [failFrom, failTo). */
const steady = (to: number, failFrom: number, failTo = Number.POSITIVE_INFINITY): Event[] =>
  Array.from({ length: to }, (_, i) => ({ t: i + 1, failed: i + 1 >= failFrom && i + 1 < failTo }));
const budgets = new Map([['signups', 0.005]]);
const burnFast = alertMath(
  `kasuwa:slo_error_ratio:rate1h / on (slo) kasuwa:slo_error_budget > 14.4
and on (slo)
kasuwa:slo_error_ratio:rate5m / on (slo) kasuwa:slo_error_budget > 14.4`,
  0,
  { budgets, slo: 'signups' },
);
const mailFailures = alertMath(
  `(
  sum(rate(kasuwa_mail_send_attempts_total{outcome=~"retry|failed"}[5m]))
    / sum(rate(kasuwa_mail_send_attempts_total[5m])) > 0.1
)
or (sum(max_over_time(kasuwa_mail_sends_stalled[1m])) > 0)`,
  300,
  { delays: { kasuwa_mail_sends_stalled: 3 } },
);

describe("bench:chaos's detection math", () => {
  it('given a for:-only rule should add a scrape, its timeout, an evaluation, for: and polling to the start', () => {
    const math = alertMath('kasuwa_database_up == 0', 60);
    expect(math.conditions).toEqual([{ kind: 'state', metric: 'kasuwa_database_up', delay: 0 }]);
    // 0 + 15 + 5 + 15 + 60 + 2
    expect(fireDeadline(math, timing, 500, 1000, {})?.deadline).toBe(97);
  });

  it('given the burn rate over 1h and 5m at 7.2 % should read both windows and the budget times 14.4', () => {
    expect(burnFast.conditions).toEqual([
      {
        kind: 'ratio',
        stream: 'slo:signups',
        windows: [
          { seconds: 3600, threshold: expect.closeTo(0.072, 9) },
          { seconds: 300, threshold: expect.closeTo(0.072, 9) },
        ],
      },
    ]);
  });

  it('given every signup failing after 900 s of calm should wait for the 1h window: k/(900+k) > 7.2 % at k = 70', () => {
    // 5m: k/300 > 0.072 from k = 22; 1h holds the whole history: k > 0.072 · 900 / 0.928 = 69.8.
    const streams = { 'slo:signups': eventIndex(steady(2000, 901)) };
    const deadline = fireDeadline(burnFast, timing, 900, 2000, streams);
    expect(deadline?.holds).toBe(70);
    expect(deadline?.deadline).toBe(107);
  });

  it('given every signup failing after a full calm hour should page within 5 minutes: k/3600 > 7.2 % at k = 260', () => {
    const streams = { 'slo:signups': eventIndex(steady(5000, 4001)) };
    const deadline = fireDeadline(burnFast, timing, 4000, 5000, streams);
    expect(deadline?.holds).toBe(260);
    expect(deadline?.deadline).toBe(297);
  });

  it('given half the signups failing after a full calm hour should take 520 s: too slow for a page', () => {
    // One failure every other second: (k/2)/3600 > 0.072 from k/2 = 260, so k = 520; 557 s in all.
    const half = steady(6000, 4001).map((e) => ({ ...e, failed: e.failed && e.t % 2 === 0 }));
    const deadline = fireDeadline(burnFast, timing, 4000, 6000, { 'slo:signups': eventIndex(half) });
    expect(deadline?.holds).toBe(520);
    expect(deadline?.deadline).toBe(557);
  });

  it('given signups failing for less time than the window needs should say the rule cannot fire', () => {
    expect(
      fireDeadline(burnFast, timing, 4000, 4100, { 'slo:signups': eventIndex(steady(4100, 4001)) }),
    ).toBeUndefined();
  });

  it('given every send refused after calm should cross 10 % of 5 minutes at k = 31, then for: 5m', () => {
    // k/300 > 0.1 from k = 31; then 15 + 5 + 15 + 300 + 2.
    const streams = { kasuwa_mail_send_attempts: eventIndex(steady(2000, 601)) };
    const refused = fireDeadline(mailFailures, timing, 600, 2000, streams, (c) => c.kind === 'ratio');
    expect(refused?.holds).toBe(31);
    expect(refused?.deadline).toBe(368);
  });

  it('given a hung relay should take the stall (3 s) rather than the failures', () => {
    const streams = { kasuwa_mail_send_attempts: eventIndex(steady(2000, 601)) };
    expect(fireDeadline(mailFailures, timing, 600, 2000, streams)?.deadline).toBe(3 + 337);
  });

  it('given a 5-minute outage should say when a 30-minute window at 3 % lets go: 1745 s after its end', () => {
    // The 30m window holds all 300 failures until the first leaves it, 1500 s after the end, then loses
    // one a second: (300 - g)/1800 <= 0.03 once g = 246 have left, at 1500 + 245 = 1745 s.
    const slow = alertMath('kasuwa:slo_error_ratio:rate30m / on (slo) kasuwa:slo_error_budget > 6', 0, {
      budgets,
      slo: 'signups',
    });
    const streams = { 'slo:signups': eventIndex(steady(6000, 1001, 1301)) };
    expect(ratioEndsAfter(slow.conditions[0]!, 1301, 6000, streams)).toBe(1745);
  });

  it('given the shipped rules should read each alert of a fault with its conditions', () => {
    const rules = readRules(fs.readFileSync('deploy/prometheus/alerts.yml', 'utf8'));
    expect(rules.get('KasuwaErrorBudgetBurnFast')?.math.signups).toEqual(burnFast);
    expect(rules.get('KasuwaErrorBudgetBurnFast')?.severity).toBe('critical');
    expect(rules.get('KasuwaDatabaseDown')?.math['']?.conditions).toEqual([
      { kind: 'state', metric: 'kasuwa_database_up', delay: 0 },
    ]);
    expect(rules.get('KasuwaServerDown')?.math['']?.conditions).toEqual([{ kind: 'state', metric: 'up', delay: 0 }]);
    expect(rules.get('KasuwaDatabaseSessionsLost')?.math['']?.conditions).toEqual([
      { kind: 'state', metric: 'kasuwa_database_sessions_lost_total', delay: 0 },
    ]);
  });
});

describe("bench:chaos's mail stream from the servers' counters", () => {
  /** A series of kasuwa_mail_send_attempts_total: [seconds, value] as Prometheus scraped it. */
  const series = (instance: string, outcome: string, samples: [number, number][]): CounterSeries => ({
    labels: { instance, outcome },
    samples: samples.map(([t, value]) => ({ t, value })),
  });
  const failed = (labels: Record<string, string>) => labels.outcome === 'retry' || labels.outcome === 'failed';
  /** Events counted by time and outcome, e.g. { '15 failed': 1 }. */
  const tally = (events: Event[]) => {
    const counts: Record<string, number> = {};
    for (const e of events) {
      const key = `${e.t} ${e.failed ? 'failed' : 'ok'}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };

  it('given a counter rising between scrapes should give each rise as that many events a scrape before, failed by outcome', () => {
    const events = counterEvents(
      [
        series('a', 'sent', [
          [0, 0],
          [15, 3],
          [30, 5],
          [45, 5],
        ]),
        series('a', 'retry', [
          [0, 0],
          [15, 0],
          [30, 1],
          [45, 3],
        ]),
      ],
      failed,
      15,
    );
    expect(tally(events)).toEqual({ '0 ok': 3, '15 ok': 2, '15 failed': 1, '30 failed': 2 });
  });

  it('given a server restarted (its counter back near 0) should count the new process from 0, never a negative or a phantom', () => {
    // 10 and 2 sends, killed after 30 s, back before 120 s with 2 sends, then 2 more: 16 in all. A series
    // first seen at 7 (counted before Prometheus looked) gives nothing before its first sample.
    const events = counterEvents(
      [
        series('a', 'sent', [
          [0, 0],
          [15, 10],
          [30, 12],
          [120, 2],
          [135, 4],
          [150, 4],
        ]),
        series('b', 'sent', [
          [90, 7],
          [105, 7],
        ]),
      ],
      failed,
      15,
    );
    expect(tally(events)).toEqual({ '0 ok': 10, '15 ok': 2, '105 ok': 2, '120 ok': 2 });
  });

  it("given two servers' series should sum them, as sum(rate(…)) does, into one stream", () => {
    // The scrape at 30 s saw app1 send 10 and app2 retry 5 since 15 s: placed at 15 s, a third failed.
    const index = eventIndex(
      counterEvents(
        [
          series('a', 'sent', [
            [0, 0],
            [15, 0],
            [30, 10],
          ]),
          series('b', 'retry', [
            [0, 0],
            [15, 0],
            [30, 5],
          ]),
        ],
        failed,
        15,
      ),
    );
    expect(index.ratio(0, 15)).toBeCloseTo(1 / 3, 9);
    expect(index.ratio(-15, 0)).toBeNaN();
    expect(index.firstFailed(0)).toBe(15);
  });
});
