/**
 * bench:chaos's verdicts on made-up histories: an expected alert that fires past its deadline fails, an
 * alert no fault explains fails, one listed for an overlap of two faults passes, and a mail re-sent
 * with the same Message-ID fails. Times are seconds from the traffic's start; scrapes every 15 s.
 */
import { describe, expect, it } from 'vitest';
import { eventIndex } from './chaos-detection.js';
import type { FaultKind } from './chaos-faults.js';
import { type FaultRun, type Judging, judgeAlerts, judgeDelivery, projectedStreamsOf } from './chaos-judge.js';
import { type AlertInterval, readRules } from './chaos-prometheus.js';
import type { Sample } from './chaos-report.js';

const rules = readRules(`groups:
  - name: test
    rules:
      - record: kasuwa:slo_error_budget
        expr: vector(0.005)
        labels:
          slo: signups
      - alert: KasuwaDatabaseDown
        expr: kasuwa_database_up == 0
        for: 1m
        labels:
          severity: warning
      - alert: KasuwaDatabaseSessionsLost
        expr: increase(kasuwa_database_sessions_lost_total[5m]) > 0
        labels:
          severity: warning
      - alert: KasuwaRedisDown
        expr: kasuwa_redis_up == 0
        for: 1m
        labels:
          severity: warning
      - alert: KasuwaServerDown
        expr: up{job="kasuwa"} == 0
        for: 1m
        labels:
          severity: warning
      - alert: KasuwaErrorBudgetBurnFast
        expr: |
          kasuwa:slo_error_ratio:rate1h / on (slo) kasuwa:slo_error_budget > 14.4
          and on (slo)
          kasuwa:slo_error_ratio:rate5m / on (slo) kasuwa:slo_error_budget > 14.4
        labels:
          severity: critical
      - alert: KasuwaErrorBudgetBurnSlow
        expr: |
          kasuwa:slo_error_ratio:rate6h / on (slo) kasuwa:slo_error_budget > 6
          and on (slo)
          kasuwa:slo_error_ratio:rate30m / on (slo) kasuwa:slo_error_budget > 6
        labels:
          severity: warning
      - alert: KasuwaMostServersDown
        expr: sum(up{job="kasuwa"}) < count(up{job="kasuwa"}) / 2
        for: 1m
        labels:
          severity: critical
`);
const A = '127.0.0.1:1';
const B = '127.0.0.1:2';
const fault = (kind: FaultKind, start: number, end: number, server = 0): FaultRun => ({
  kind,
  at: start,
  seconds: end - start,
  server,
  label: kind,
  start,
  end,
});
const alert = (name: string, start: number, end?: number, labels: Record<string, string> = {}): AlertInterval => ({
  name,
  labels,
  pendingAt: start - 60,
  start,
  ...(end !== undefined && { end }),
});
const watchdog = alert('Watchdog', 0);
/** PostgreSQL stopped from 100 s to 300 s, seen on both servers and by the signups' fast burn. */
const pgStop = fault('pg-stop', 100, 300);
const pgAlerts = (databaseDownAt: number) => [
  watchdog,
  alert('KasuwaDatabaseDown', databaseDownAt, 310, { instance: A }),
  alert('KasuwaDatabaseDown', 175, 310, { instance: B }),
  alert('KasuwaErrorBudgetBurnFast', 120, 500, { slo: 'signups' }),
];
/** One signup a second, failed while PostgreSQL is stopped (100 s to 300 s). */
const signups = Array.from({ length: 1200 }, (_, i) => ({ t: i + 1, failed: i + 1 >= 100 && i + 1 < 300 }));
const judging = (runs: FaultRun[], intervals: AlertInterval[], overlaps?: Judging['overlaps']): Judging => ({
  rules,
  scrape: 15,
  timing: { scrape: 15, scrapeTimeout: 5, evaluation: 15, poll: 2 },
  streams: { 'slo:signups': eventIndex(signups) },
  runs,
  intervals,
  instances: [A, B],
  downtime: runs.filter((r) => r.kind === 'server-kill').map((r) => ({ server: r.server, from: r.start, to: r.end })),
  watchedUntil: 1200,
  ...(overlaps && { overlaps }),
});

describe("bench:chaos's alert verdicts", () => {
  it('given every expected alert in time, resolved after the fault, should pass', () => {
    const { failures, rows, explained } = judgeAlerts(judging([pgStop], pgAlerts(170)));
    expect(failures).toEqual([]);
    expect(explained).toEqual([]);
    expect(rows.map((row) => [row.alert, row.labels.instance ?? row.labels.slo, row.firedAfter])).toEqual([
      ['KasuwaDatabaseDown', A, 70],
      ['KasuwaDatabaseDown', B, 75],
      ['KasuwaErrorBudgetBurnFast', 'signups', 20],
    ]);
  });

  it('given an expected alert firing past its computed deadline should fail the run', () => {
    // A scrape (15 s), its timeout (5 s), an evaluation (15 s), for: 1m and 2 s of polling: 97 s after 100 s.
    expect(judgeAlerts(judging([pgStop], pgAlerts(197))).failures).toEqual([]);
    expect(judgeAlerts(judging([pgStop], pgAlerts(198))).failures).toEqual([
      'pg-stop at 100 s: KasuwaDatabaseDown{instance="127.0.0.1:1"} FAIL: fired late (deadline 97 s)',
    ]);
  });

  it('given the burn rate firing after its two windows could have should fail, and print how', () => {
    // Both windows hold the 99 calm seconds: (k + 1)/(100 + k) > 7.2 % from k = 7; then 37 s more.
    const intervals = pgAlerts(170);
    const { rows } = judgeAlerts(judging([pgStop], intervals));
    expect(rows[2]?.deadline).toBe(7 + 37);
    expect(rows[2]?.how).toContain('slo:signups failing over 7.2 % in 3600 s and 7.2 % in 300 s at 7 s');
    intervals[3] = alert('KasuwaErrorBudgetBurnFast', 145, 500, { slo: 'signups' });
    expect(judgeAlerts(judging([pgStop], intervals)).failures).toEqual([
      'pg-stop at 100 s: KasuwaErrorBudgetBurnFast{slo="signups"} FAIL: fired late (deadline 44 s)',
    ]);
  });

  it('given no signup failing in a database fault should say the burn rate could not fire', () => {
    const calm = judging([pgStop], pgAlerts(170));
    calm.streams = { 'slo:signups': eventIndex(signups.map((e) => ({ ...e, failed: false }))) };
    expect(judgeAlerts(calm).failures).toEqual([
      'pg-stop at 100 s: KasuwaErrorBudgetBurnFast{slo="signups"} FAIL: its condition never held on the traffic sent (the rule cannot fire)',
    ]);
  });

  it('given an alert that resolves while its fault goes on should fail the run', () => {
    const intervals = [...pgAlerts(170)];
    intervals[1] = alert('KasuwaDatabaseDown', 170, 250, { instance: A });
    expect(judgeAlerts(judging([pgStop], intervals)).failures).toEqual([
      'pg-stop at 100 s: KasuwaDatabaseDown{instance="127.0.0.1:1"} FAIL: resolved before the fault ended',
    ]);
  });

  it('given an alert that no fault explains should fail the run as a false alarm', () => {
    const intervals = [...pgAlerts(170), alert('KasuwaRedisDown', 700, 800, { instance: B })];
    expect(judgeAlerts(judging([pgStop], intervals)).failures).toEqual([
      'KasuwaRedisDown{instance="127.0.0.1:2"} fired at 700 s and no fault explains it',
    ]);
  });

  it("given an alert on another server's instance than the one killed should not count it explained", () => {
    const kill = fault('server-kill', 100, 300, 0);
    const intervals = [
      watchdog,
      alert('KasuwaServerDown', 175, 320, { instance: A }),
      alert('KasuwaServerDown', 180, 320, { instance: B }),
    ];
    expect(judgeAlerts(judging([kill], intervals)).failures).toEqual([
      'KasuwaServerDown{instance="127.0.0.1:2"} fired at 180 s and no fault explains it',
    ]);
  });

  it('given an alert listed as expected for an overlap of two faults should pass and say so', () => {
    const kill = fault('server-kill', 110, 150, 1);
    const intervals = [
      ...pgAlerts(170),
      alert('KasuwaServerDown', 180, 200, { instance: B }),
      alert('KasuwaMostServersDown', 190, 230),
    ];
    const overlaps: Judging['overlaps'] = [
      { kinds: ['pg-stop', 'server-kill'], alerts: [{ alert: 'KasuwaMostServersDown', scope: 'none' }], why: 'test' },
    ];
    expect(judgeAlerts(judging([pgStop, kill], intervals)).failures).toEqual([
      'KasuwaMostServersDown fired at 190 s and no fault explains it',
    ]);
    const { failures, explained } = judgeAlerts(judging([pgStop, kill], intervals, overlaps));
    expect(failures).toEqual([]);
    expect(explained.find((e) => e.interval.name === 'KasuwaMostServersDown')?.overlap).toBe(true);
  });

  it('given a server down when a Redis fault starts should judge its instance from its return', () => {
    const redis = fault('redis-kill', 100, 400);
    const kill = fault('server-kill', 90, 200, 1);
    const intervals = [
      watchdog,
      alert('KasuwaRedisDown', 170, 410, { instance: A }),
      alert('KasuwaServerDown', 160, 205, { instance: B }),
      alert('KasuwaRedisDown', 280, 410, { instance: B }),
    ];
    const { rows, failures } = judgeAlerts(judging([redis, kill], intervals));
    expect(failures).toEqual([]);
    // Back at 200 s, 100 s into the fault: 100 + 97 s.
    expect(rows.find((r) => r.alert === 'KasuwaRedisDown' && r.labels.instance === B)?.deadline).toBe(197);
    intervals[3] = alert('KasuwaRedisDown', 300, 410, { instance: B });
    expect(judgeAlerts(judging([redis, kill], intervals)).failures).toEqual([
      'redis-kill at 100 s: KasuwaRedisDown{instance="127.0.0.1:2"} FAIL: fired late (deadline 197 s)',
    ]);
  });

  it('given a server back too late in a fault to show it should fail the run as not judged', () => {
    const redis = fault('redis-kill', 100, 400);
    const kill = fault('server-kill', 90, 350, 1);
    const intervals = [
      watchdog,
      alert('KasuwaRedisDown', 170, 410, { instance: A }),
      alert('KasuwaServerDown', 160, 355, { instance: B }),
    ];
    expect(judgeAlerts(judging([redis, kill], intervals)).failures).toEqual([
      'redis-kill at 100 s: KasuwaRedisDown{instance="127.0.0.1:2"} FAIL: not judged: app2 was down for too much of the fault',
    ]);
  });

  it('given a server killed only as the fault ends should judge its instance from the start', () => {
    // Sessions terminated from 600 s to 812 s; app1 killed at 810 s, back at 1112 s (seed 20261202).
    const terminate = fault('pg-terminate', 600, 812);
    const kill = fault('server-kill', 810, 1112, 0);
    const intervals = [
      watchdog,
      alert('KasuwaDatabaseSessionsLost', 618, 1083, { instance: A }),
      alert('KasuwaDatabaseSessionsLost', 618, 1100, { instance: B }),
      alert('KasuwaServerDown', 888, 1128, { instance: A }),
    ];
    const { rows, failures } = judgeAlerts(judging([terminate, kill], intervals));
    expect(failures).toEqual([]);
    expect(rows.find((r) => r.alert === 'KasuwaDatabaseSessionsLost' && r.labels.instance === A)?.deadline).toBe(37);
  });

  it('given an expected alert whose deadline falls after the traffic stopped should fail as not judged', () => {
    const late = fault('pg-stop', 1150, 1190);
    expect(judgeAlerts(judging([late], [watchdog])).failures).toContain(
      'pg-stop at 1150 s: KasuwaDatabaseDown{instance="127.0.0.1:1"} FAIL: not judged: run ended',
    );
  });

  it('given the slow burn still firing at the end after a 5-minute outage should say it resolves 29 minutes after the outage', () => {
    // A signup a second until 2400 s, all failing from 1001 s to 1300 s. The 30m window at 3 % lets go
    // once 246 of the 300 failures have left it, 1745 s after the outage (3046 s), then 37 s more.
    const samples: Sample[] = Array.from({ length: 2400 }, (_, i) => {
      const failed = i + 1 >= 1001 && i + 1 <= 1300;
      return { t: i + 1, kind: 'signup', ms: 0, ok: !failed, code: failed ? 'UNAVAILABLE' : 'accepted' };
    });
    const outage = fault('pg-stop', 1000, 1300);
    const slow = alert('KasuwaErrorBudgetBurnSlow', 1060, undefined, { slo: 'signups' });
    const history = judging([outage], [watchdog, slow]);
    history.watchedUntil = 2400;
    history.projected = projectedStreamsOf(samples, [], 15, 2400);
    const found = judgeAlerts(history).explained.find((e) => e.interval === slow);
    expect(found?.resolvesAt).toBe(3046 + 37);
  });

  it('given the Watchdog silent at any time should fail the run', () => {
    const intervals = [alert('Watchdog', 0, 400), alert('Watchdog', 430)];
    expect(judgeAlerts(judging([], intervals)).failures).toEqual(['Watchdog did not fire throughout the run']);
  });
});

describe("bench:chaos's delivery verdicts", () => {
  const ours = /^chaos-/;

  it('given each stored signup delivered once should pass', () => {
    const received = [
      { to: ['chaos-1@example.ng'], messageId: '<a@k>' },
      { to: ['chaos-2@example.ng'], messageId: '<b@k>' },
    ];
    const verdict = judgeDelivery(['chaos-1@example.ng'], ['chaos-1@example.ng', 'chaos-2@example.ng'], received, ours);
    expect(verdict.failures).toEqual([]);
    expect([verdict.mailedOnce, verdict.indeterminate]).toEqual([2, 1]);
  });

  it('given a mail re-sent with the same Message-ID should fail the run', () => {
    const received = [
      { to: ['chaos-1@example.ng'], messageId: '<a@k>' },
      { to: ['chaos-1@example.ng'], messageId: '<a@k>' },
    ];
    expect(judgeDelivery(['chaos-1@example.ng'], ['chaos-1@example.ng'], received, ours).failures).toEqual([
      '1 mails re-sent with the same Message-ID (chaos-1@example.ng)',
    ]);
  });

  it('given a signup mailed under two Message-IDs, or a mail to an address never stored, should fail the run', () => {
    const received = [
      { to: ['chaos-1@example.ng'], messageId: '<a@k>' },
      { to: ['chaos-1@example.ng'], messageId: '<b@k>' },
      { to: ['chaos-9@example.ng'], messageId: '<c@k>' },
    ];
    expect(judgeDelivery(['chaos-1@example.ng'], ['chaos-1@example.ng'], received, ours).failures).toEqual([
      '1 signups mailed twice (chaos-1@example.ng)',
      '1 mails to addresses never stored (chaos-9@example.ng)',
    ]);
  });

  it('given an acknowledged signup missing from the database should fail the run', () => {
    expect(judgeDelivery(['chaos-1@example.ng'], [], [], ours).failures).toEqual([
      '1 acknowledged signups lost (chaos-1@example.ng)',
    ]);
  });
});

describe('how long an alert may take to resolve', () => {
  it('given one condition or another should wait for the longest window, and for both at once the shortest', () => {
    const read = readRules(`groups:
  - name: test
    rules:
      - alert: Either
        expr: |
          (
            sum(rate(a[5m])) / sum(rate(b[5m])) > 0.1
          )
          or (sum(max_over_time(c[1m])) > 0)
        for: 5m
      - alert: Both
        expr: |
          kasuwa:slo_error_ratio:rate1h > 0.072 and kasuwa:slo_error_ratio:rate5m > 0.072
        for: 2m
      - alert: Nested
        expr: |
          sum(
            increase(a[5m])
            or increase(b[5m] offset 5m)
          ) > 5 * (sum(increase(a[1h])) / 12 or vector(0))
        for: 1m
`);
    expect(Object.fromEntries([...read].map(([name, rule]) => [name, rule.windowSeconds]))).toEqual({
      Either: 300,
      Both: 300,
      Nested: 300,
    });
  });
});
