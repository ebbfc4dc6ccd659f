/**
 * bench:chaos's verdict on the mail alert, KasuwaMailSendFailures, judged on the sends the servers
 * counted (kasuwa_mail_send_attempts_total as Prometheus scraped it) rather than on the signups
 * acknowledged: a firing the sends' own lag explains passes, one past their deadline fails; and the
 * counter as the run reads it back. Times are seconds from the traffic's start; scrapes every 15 s.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { CounterSeries } from './chaos-detection.js';
import { type FaultRun, judgeAlerts, streamsOf } from './chaos-judge.js';
import { type AlertInterval, readCounter, readRules } from './chaos-prometheus.js';
import type { Sample } from './chaos-report.js';

const rules = readRules(`groups:
  - name: test
    rules:
      - alert: KasuwaMailSendFailures
        expr: |
          (
            sum(rate(kasuwa_mail_send_attempts_total{outcome=~"retry|failed"}[5m]))
              / sum(rate(kasuwa_mail_send_attempts_total[5m])) > 0.1
          )
          or (sum(max_over_time(kasuwa_mail_sends_stalled[1m])) > 0)
        for: 5m
        labels:
          severity: warning
`);
const A = '127.0.0.1:1';
const B = '127.0.0.1:2';
const refusal: FaultRun = {
  kind: 'smtp-550',
  at: 110,
  seconds: 290,
  server: 0,
  label: 'smtp-550',
  start: 110,
  end: 400,
};
const firing = (name: string, start: number, end?: number): AlertInterval => ({
  name,
  labels: {},
  pendingAt: start,
  start,
  ...(end !== undefined && { end }),
});

describe("bench:chaos's mail alert, judged on the sends the servers counted", () => {
  // A signup acknowledged each second; the relay refuses our sender (550) from 110 s to 400 s. Were each
  // signup one send at its answer, 13 of the 122 sends in 5 minutes would have failed at 122 s: deadline
  // 12 + 337 = 349 s, by which seed 20261203's firing at 357 s was judged late.
  const samples: Sample[] = Array.from({ length: 1200 }, (_, i) => ({
    t: i + 1,
    kind: 'signup',
    ms: 0,
    ok: true,
    code: 'accepted',
  }));
  /** The sends as app1 (odd ones) and app2 (even) counted them, scraped every 15 s: sent before 110 s, retried after. */
  const counters = (sends: number[]): CounterSeries[] =>
    [A, B].flatMap((instance, server) =>
      ['sent', 'retry'].map((outcome) => {
        const mine = sends.filter((t, i) => i % 2 === server && t < 110 === (outcome === 'sent'));
        const samples = Array.from({ length: 81 }, (_, k) => ({
          t: 15 * k,
          value: mine.filter((t) => t <= 15 * k).length,
        }));
        return { labels: { instance, outcome }, samples };
      }),
    );
  const upTo = (from: number, to: number, every: number) =>
    Array.from({ length: Math.floor((to - from) / every) + 1 }, (_, i) => from + i * every);
  /** The worker keeping up: each mail sent the second its signup was answered. */
  const keptUp = upTo(1, 399, 1);
  /** The worker behind once the relay refuses: each refused send costs it 3 s (one every 6 s per server). */
  const lagged = [...upTo(1, 109, 1), ...upTo(110, 397, 3)];
  const judged = (sends: number[], firedAfter: number) =>
    judgeAlerts({
      rules,
      scrape: 15,
      timing: { scrape: 15, scrapeTimeout: 5, evaluation: 15, poll: 2 },
      streams: streamsOf(samples, counters(sends), 15),
      runs: [refusal],
      intervals: [firing('Watchdog', 0), firing('KasuwaMailSendFailures', 110 + firedAfter, 700)],
      instances: [A, B],
      downtime: [],
      watchedUntil: 1200,
    });

  it('given the sends lagging behind the signups should judge a firing 357 s into the refusal on time', () => {
    // The scrape at 150 s shows 14 retries of 123 sends (11.4 %; 9 of 118 at 135 s): placed a scrape
    // earlier, the ratio holds at 135 s, 25 s in; 25 + 337 = 362 s.
    const { rows, failures } = judged(lagged, 357);
    expect(failures).toEqual([]);
    expect(rows[0]?.deadline).toBe(362);
    expect(rows[0]?.how).toContain('kasuwa_mail_send_attempts failing over 10 % in 300 s at 25 s');
  });

  it('given a mail alert firing past the deadline of the sends counted should still fail the run', () => {
    expect(judged(lagged, 363).failures).toEqual([
      'smtp-550 at 110 s: KasuwaMailSendFailures FAIL: fired late (deadline 362 s)',
    ]);
    // Sends keeping up: the scrape at 135 s shows 26 retries of 135 sends; held at 120 s, 10 + 337 = 347 s.
    expect(judged(keptUp, 357).failures).toEqual([
      'smtp-550 at 110 s: KasuwaMailSendFailures FAIL: fired late (deadline 347 s)',
    ]);
  });
});

describe("bench:chaos's mail counter read back from Prometheus", () => {
  it("given Prometheus's raw samples should give each series by instance and outcome, in seconds from the traffic's start", async () => {
    const asked: URLSearchParams[] = [];
    const prometheus = http.createServer((request, response) => {
      asked.push(new URL(request.url ?? '', 'http://x').searchParams);
      const metric = { __name__: 'kasuwa_mail_send_attempts_total', job: 'kasuwa', instance: A, outcome: 'retry' };
      const values = [
        [1_000_000_005.5, '0'],
        [1_000_000_020.5, '4'],
      ];
      response.end(JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [{ metric, values }] } }));
    });
    await new Promise<void>((resolve) => prometheus.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = prometheus.address() as { port: number };
      // The traffic began at 1,000,000,000 s (wall clock) and ran 1,200 s: the raw range back to 60 s before it.
      const series = await readCounter(port, 'kasuwa_mail_send_attempts_total', 1_000_000_000_000, 1200);
      expect([asked[0]?.get('query'), asked[0]?.get('time')]).toEqual([
        'kasuwa_mail_send_attempts_total[1260s]',
        '1000001200.000',
      ]);
      expect(series).toEqual([
        {
          labels: { instance: A, outcome: 'retry' },
          samples: [
            { t: 5.5, value: 0 },
            { t: 20.5, value: 4 },
          ],
        },
      ]);
    } finally {
      prometheus.close();
    }
  });
});
