/**
 * bench:chaos's verdicts, from the history alone: each fault's expected alerts (in time, resolved once
 * it is over), every other alert explained by a fault or a listed overlap, and each signup stored and
 * mailed exactly once (counted by Message-ID). docs/benchmarks.md#chaos says what each means.
 */
import { type Expectation, FAULTS, OVERLAPS, type Planned } from './chaos-faults.js';
import type { AlertInterval, AlertRule } from './chaos-prometheus.js';

export type FaultRun = Planned & { label: string; start: number; end: number };

/** Prometheus's answer to /api/v1/alerts is read once a second, so a firing is seen up to this late. */
export const POLL_SLACK_S = 2;
/** After a fault, the service's own recovery (reconnects, the mail backlog) before its series settle. */
export const RECOVERY_S = 30;

export type AlertTiming = { rules: Map<string, AlertRule>; scrape: number };

/** How long after a fault's start its alert may take to fire: its `for:` plus two scrape intervals. */
export const fireDeadline = (rule: AlertRule, scrape: number) => rule.forSeconds + 2 * scrape + POLL_SLACK_S;
/** How long after a fault's end its alert may take to resolve: its shortest window, two scrapes, recovery. */
export const settleTime = (rule: AlertRule, scrape: number) => rule.windowSeconds + 2 * scrape + RECOVERY_S;
/** How long after a fault's end an alert it may raise can still begin to fire. */
const explainTime = (rule: AlertRule, scrape: number) => rule.forSeconds + settleTime(rule, scrape);

export type Judging = AlertTiming & {
  runs: FaultRun[];
  intervals: AlertInterval[];
  /** Each server's instance label (127.0.0.1:METRICS_PORT), by index. */
  instances: string[];
  /** When each server was down: SIGKILLed until it answered again. */
  downtime: { server: number; from: number; to: number }[];
  /** Until when the alerts were watched (the traffic's end). */
  watchedUntil: number;
  overlaps?: typeof OVERLAPS;
};

export type ExpectedRow = {
  run: FaultRun;
  alert: string;
  labels: Record<string, string>;
  deadline: number;
  pendingAfter?: number;
  firedAfter?: number;
  resolvedAfter?: number;
  verdict: string;
  ok: boolean;
  /** The firing intervals it was judged on. */
  seen: AlertInterval[];
};

export type Explained = { interval: AlertInterval; by: string[]; overlap: boolean };

const matches = (interval: AlertInterval, alert: string, labels: Record<string, string>) =>
  interval.name === alert && Object.entries(labels).every(([key, value]) => interval.labels[key] === value);

/** The label sets an expectation of `run` stands for: one per server for a shared service's fault. */
function targets(expectation: Expectation, run: Pick<Planned, 'server'>, instances: string[]) {
  const labels = expectation.labels ?? {};
  if (expectation.scope === 'none') return [labels];
  if (expectation.scope === 'the-server') return [{ ...labels, instance: instances[run.server] ?? '' }];
  return instances.map((instance) => ({ ...labels, instance }));
}

export const runName = (run: FaultRun) =>
  `${run.label}${run.kind === 'server-kill' ? ` (app${run.server + 1})` : ''} at ${run.start.toFixed(0)} s`;

function expectedRow(judging: Judging, run: FaultRun, alert: string, labels: Record<string, string>): ExpectedRow {
  const rule = judging.rules.get(alert);
  const row: ExpectedRow = { run, alert, labels, deadline: 0, verdict: '', ok: false, seen: [] };
  if (!rule) return { ...row, verdict: 'FAIL: not in the shipped rules' };
  row.deadline = fireDeadline(rule, judging.scrape);
  const settle = settleTime(rule, judging.scrape);
  const server = judging.instances.indexOf(labels.instance ?? '');
  const down = judging.downtime.some((d) => d.server === server && d.from < run.end && d.to > run.start);
  if (server >= 0 && run.kind !== 'server-kill' && down) {
    return { ...row, ok: true, verdict: `not judged: app${server + 1} was down during the fault` };
  }
  const seen = judging.intervals
    .filter((i) => matches(i, alert, labels) && i.start <= run.end + settle && (i.end ?? Infinity) > run.start)
    .sort((a, b) => a.start - b.start);
  row.seen = seen;
  const first = seen[0];
  const last = seen.at(-1);
  if (!first || !last) {
    if (run.start + row.deadline > judging.watchedUntil) return { ...row, ok: true, verdict: 'not judged: run ended' };
    return { ...row, verdict: 'FAIL: never fired' };
  }
  row.firedAfter = first.start - run.start;
  row.pendingAfter = first.pendingAt - run.start;
  if (last.end !== undefined) row.resolvedAfter = last.end - run.end;
  if (row.firedAfter > row.deadline) return { ...row, verdict: `FAIL: fired late (deadline ${row.deadline} s)` };
  if (last.end === undefined) {
    if (run.end + settle > judging.watchedUntil)
      return { ...row, ok: true, verdict: 'pass (firing at the end, in its window)' };
    return { ...row, verdict: `FAIL: not resolved within ${settle} s` };
  }
  if (last.end < run.end) return { ...row, verdict: 'FAIL: resolved before the fault ended' };
  if (last.end - run.end > settle) return { ...row, verdict: `FAIL: resolved late (within ${settle} s)` };
  return { ...row, ok: true, verdict: first.start < run.start ? 'pass (already firing)' : 'pass' };
}

/** Which faults (or overlapping pair of faults) explain an alert interval, if any. */
function explain(judging: Judging, interval: AlertInterval): Explained | undefined {
  const rule = judging.rules.get(interval.name);
  if (!rule) return undefined;
  const after = explainTime(rule, judging.scrape);
  const raises = (expectations: Expectation[], run: Pick<Planned, 'server'>) =>
    expectations.some(
      (e) => e.alert === interval.name && targets(e, run, judging.instances).some((l) => matches(interval, e.alert, l)),
    );
  const by = judging.runs
    .filter((run) => interval.start >= run.start && interval.start <= run.end + after)
    .filter((run) => raises([...FAULTS[run.kind].expects, ...FAULTS[run.kind].mayRaise], run))
    .map(runName);
  if (by.length) return { interval, by, overlap: false };
  for (const overlap of judging.overlaps ?? OVERLAPS) {
    for (const a of judging.runs.filter((run) => run.kind === overlap.kinds[0])) {
      for (const b of judging.runs.filter((run) => run.kind === overlap.kinds[1])) {
        if (a.start >= b.end || b.start >= a.end) continue;
        const from = Math.max(a.start, b.start);
        const until = Math.max(a.end, b.end) + after;
        const server = a.kind === 'server-kill' ? a : b;
        if (interval.start >= from && interval.start <= until && raises(overlap.alerts, server)) {
          return { interval, by: [`${runName(a)} with ${runName(b)}: ${overlap.why}`], overlap: true };
        }
      }
    }
  }
  return undefined;
}

export function judgeAlerts(judging: Judging) {
  const rows: ExpectedRow[] = [];
  for (const run of judging.runs) {
    for (const expectation of FAULTS[run.kind].expects) {
      for (const labels of targets(expectation, run, judging.instances)) {
        rows.push(expectedRow(judging, run, expectation.alert, labels));
      }
    }
  }
  // An interval an expected alert was judged on is explained by its fault; every other needs a reason.
  const expected = new Set(rows.flatMap((row) => row.seen));
  const explained: Explained[] = [];
  const unexplained: AlertInterval[] = [];
  for (const interval of judging.intervals.filter((i) => i.name !== 'Watchdog' && !expected.has(i))) {
    const found = explain(judging, interval);
    if (found) explained.push(found);
    else unexplained.push(interval);
  }
  const watchdog = judging.intervals.filter((i) => i.name === 'Watchdog');
  const watchdogOk = watchdog.length === 1 && watchdog[0]!.end === undefined;
  const failures = [
    ...rows
      .filter((row) => !row.ok)
      .map((row) => `${runName(row.run)}: ${row.alert}${labelText(row.labels)} ${row.verdict}`),
    ...unexplained.map(
      (i) => `${i.name}${labelText(i.labels)} fired at ${i.start.toFixed(0)} s and no fault explains it`,
    ),
    ...(watchdogOk ? [] : ['Watchdog did not fire throughout the run']),
  ];
  return { rows, explained, unexplained, watchdogOk, failures };
}

export const labelText = (labels: Record<string, string>) => {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${v}"`).join(', ')}}` : '';
};

/** A welcome mail as the SMTP sink received it. */
export type Received = { to: string[]; messageId: string };

/**
 * Delivery judged from the client's history: every acknowledged signup stored; each stored one
 * delivered exactly once (a second Message-ID is a second mail, the same one again a re-send, both
 * fail); no mail to an address the database does not hold.
 */
export function judgeDelivery(acknowledged: string[], stored: string[], received: Received[], ours: RegExp) {
  const deliveries = new Map<string, string[]>();
  for (const mail of received) {
    for (const to of mail.to) deliveries.set(to, [...(deliveries.get(to) ?? []), mail.messageId]);
  }
  const storedSet = new Set(stored);
  const acknowledgedSet = new Set(acknowledged);
  const lost = acknowledged.filter((email) => !storedSet.has(email));
  const ids = (email: string) => deliveries.get(email) ?? [];
  const notMailed = stored.filter((email) => ids(email).length === 0);
  const resent = stored.filter((email) => new Set(ids(email)).size < ids(email).length);
  const mailedTwice = stored.filter((email) => new Set(ids(email)).size > 1);
  const mailedOnce = stored.filter((email) => ids(email).length === 1).length;
  const strays = [...deliveries.keys()].filter((email) => ours.test(email) && !storedSet.has(email));
  const indeterminate = stored.filter((email) => !acknowledgedSet.has(email)).length;
  const list = (emails: string[]) => emails.slice(0, 3).join(', ');
  const failures = [
    ...(lost.length ? [`${lost.length} acknowledged signups lost (${list(lost)})`] : []),
    ...(notMailed.length ? [`${notMailed.length} stored signups never mailed (${list(notMailed)})`] : []),
    ...(mailedTwice.length ? [`${mailedTwice.length} signups mailed twice (${list(mailedTwice)})`] : []),
    ...(resent.length ? [`${resent.length} mails re-sent with the same Message-ID (${list(resent)})`] : []),
    ...(strays.length ? [`${strays.length} mails to addresses never stored (${list(strays)})`] : []),
  ];
  return { lost, notMailed, resent, mailedTwice, mailedOnce, strays, indeterminate, failures };
}
