/**
 * bench:chaos's verdicts, from the history alone: each fault's expected alerts (in time, resolved once
 * it is over), every other alert explained by a fault or a listed overlap, and each signup stored and
 * mailed exactly once (counted by Message-ID). docs/benchmarks.md#chaos says what each means.
 */
import {
  type Condition,
  type CounterSeries,
  fireDeadline as computeDeadline,
  counterEvents,
  type Event,
  type EventIndex,
  eventIndex,
  ratioEndsAfter,
  type Timing,
} from './chaos-detection.js';
import { type Expectation, FAULTS, OVERLAPS, type Planned } from './chaos-faults.js';
import type { AlertInterval, AlertRule } from './chaos-prometheus.js';
import type { Sample } from './chaos-report.js';

export type FaultRun = Planned & { label: string; start: number; end: number };

/** Prometheus's answer to /api/v1/alerts is read once a second, so a firing is seen up to this late. */
export const POLL_SLACK_S = 2;
/** After a fault, the service's own recovery (reconnects, the mail backlog) before its series settle. */
export const RECOVERY_S = 30;
/** A page (severity critical) must come within this long of users starting to fail, else the rule is too slow. */
export const PAGE_WITHIN_S = 300;

export type AlertTiming = { rules: Map<string, AlertRule>; scrape: number };

/** How long after a fault's end its alert may take to resolve: its shortest window, two scrapes, recovery. */
export const settleTime = (rule: AlertRule, scrape: number) => rule.windowSeconds + 2 * scrape + RECOVERY_S;
/** How long after a fault's end an alert it may raise can still begin to fire. */
const explainTime = (rule: AlertRule, scrape: number) => rule.forSeconds + settleTime(rule, scrape);

/** The answer codes of a signup the servers counted as failed (kasuwa_signups_total{outcome="error"}). */
const SIGNUP_FAILED = new Set(['UNAVAILABLE', 'INTERNAL', 'INTERNAL_SERVER_ERROR']);

/** The servers' count of mail sends, read back from the run's Prometheus for the mail stream. */
export const MAIL_COUNTER = 'kasuwa_mail_send_attempts_total';
/** The outcomes of kasuwa_mail_send_attempts_total that KasuwaMailSendFailures counts as failed. */
const MAIL_FAILED = new Set(['retry', 'failed']);

/**
 * The streams the ratio conditions read: each signup a server answered (HAProxy's own answers and
 * dropped connections never reached one), failed if answered busy or failed, at its answer's time
 * (`slo:signups`); and each mail send the servers counted in kasuwa_mail_send_attempts_total, read
 * back from the run's Prometheus (`mail`, scraped every `scrape` s; counterEvents), failed if tried
 * again or given up (`kasuwa_mail_send_attempts`): the outbox worker sends after the signup's answer.
 */
export function streamsOf(samples: Sample[], mail: CounterSeries[], scrape: number): Record<string, EventIndex> {
  return Object.fromEntries(
    Object.entries(streamEvents(samples, mail, scrape)).map(([name, events]) => [name, eventIndex(events)]),
  );
}

/** The streams of streamsOf as events, before they are indexed. */
function streamEvents(samples: Sample[], mail: CounterSeries[], scrape: number): Record<string, Event[]> {
  const answered = samples.filter((s) => s.kind === 'signup' && (s.ok || !/^(HTTP |network)/.test(s.code)));
  return {
    'slo:signups': answered.map((s) => ({ t: s.t + s.ms / 1000, failed: SIGNUP_FAILED.has(s.code) })),
    kasuwa_mail_send_attempts: counterEvents(mail, (labels) => MAIL_FAILED.has(labels.outcome ?? ''), scrape),
  };
}

/** How long past the traffic's end the calm is projected, to say when a long window lets go. */
export const PROJECT_S = 6 * 3600;

/**
 * The streams as if the traffic had gone on calm after `end` for PROJECT_S, at each stream's mean rate:
 * when an alert still firing at the end would resolve (a 30-minute window outlives a run's last fault).
 */
export function projectedStreamsOf(
  samples: Sample[],
  mail: CounterSeries[],
  scrape: number,
  end: number,
): Record<string, EventIndex> {
  return Object.fromEntries(
    Object.entries(streamEvents(samples, mail, scrape)).map(([name, events]) => {
      const every = events.length ? end / events.length : Number.POSITIVE_INFINITY;
      const calm: Event[] = [];
      for (let t = end + every; t <= end + PROJECT_S; t += every) calm.push({ t, failed: false });
      return [name, eventIndex([...events, ...calm])];
    }),
  );
}

/**
 * When an alert still firing at `from` resolves by its math on `streams` (calm after the traffic): the
 * last of its ratio conditions to stop holding, then a scrape, its timeout, an evaluation and polling.
 * Undefined for an alert with a state condition (it follows its fault) or one that never lets go.
 */
export function resolvesAt(
  rule: AlertRule,
  labels: Record<string, string>,
  timing: Timing,
  from: number,
  streams: Record<string, EventIndex>,
): number | undefined {
  const math = rule.math[labels.slo ?? ''] ?? rule.math[''];
  if (!math || math.conditions.some((c) => c.kind !== 'ratio')) return undefined;
  let last = 0;
  for (const condition of math.conditions) {
    const after = ratioEndsAfter(condition, from, from + PROJECT_S, streams);
    if (after === undefined) return undefined;
    last = Math.max(last, after);
  }
  return from + last + timing.scrape + timing.scrapeTimeout + timing.evaluation + timing.poll;
}

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
  /** The intervals a deadline adds (bench/chaos-detection.ts). */
  timing: Timing;
  /** The traffic the ratio conditions read (streamsOf). */
  streams: Record<string, EventIndex>;
  /** The same, calm after the traffic's end (projectedStreamsOf): when alerts still firing would resolve. */
  projected?: Record<string, EventIndex>;
};

export type ExpectedRow = {
  run: FaultRun;
  alert: string;
  labels: Record<string, string>;
  /** Seconds after the fault's start (or the watched server's return) by which it must fire; NaN if it cannot. */
  deadline: number;
  /** How the deadline was computed. */
  how: string;
  /** When the judge started counting, after the fault's start (later if the server watched was down). */
  waited: number;
  pendingAfter?: number;
  firedAfter?: number;
  resolvedAfter?: number;
  verdict: string;
  ok: boolean;
  /** The firing intervals it was judged on. */
  seen: AlertInterval[];
};

/** An alert explained by `by`; `resolvesAt`, for one still firing at the end, is when its math lets it go. */
export type Explained = { interval: AlertInterval; by: string[]; overlap: boolean; resolvesAt?: number };

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

/** The first failed event of `condition`'s stream from `start` on (when users started failing), if any. */
function failingFrom(condition: Condition, start: number, streams: Record<string, EventIndex>) {
  return condition.kind === 'ratio' ? streams[condition.stream]?.firstFailed(start) : undefined;
}

function expectedRow(judging: Judging, run: FaultRun, alert: string, labels: Record<string, string>): ExpectedRow {
  const rule = judging.rules.get(alert);
  const row: ExpectedRow = {
    run,
    alert,
    labels,
    deadline: Number.NaN,
    how: '',
    waited: 0,
    verdict: '',
    ok: false,
    seen: [],
  };
  if (!rule) return { ...row, verdict: 'FAIL: not in the shipped rules' };
  const math = rule.math[labels.slo ?? ''] ?? rule.math[''];
  if (!math) return { ...row, verdict: `FAIL: no math for slo ${labels.slo}` };
  const settle = settleTime(rule, judging.scrape);
  // A state the fault drives holds from its start; an alternative state it does not drive never holds.
  const signals = FAULTS[run.kind].signals ?? [];
  const onlyStates = math.conditions.every((c) => c.kind === 'state');
  const applies = (c: Condition) => c.kind === 'ratio' || onlyStates || signals.includes(c.metric);
  const deadlineFrom = (t: number) =>
    computeDeadline(math, judging.timing, t, judging.watchedUntil, judging.streams, applies);
  // A server down for another fault cannot show this one: the judge counts from the start, or from its
  // return, of the first stretch of the fault the server was up long enough for the deadline.
  const server = judging.instances.indexOf(labels.instance ?? '');
  const down =
    run.kind === 'server-kill' || server < 0
      ? []
      : judging.downtime.filter((d) => d.server === server && d.from < run.end && d.to > run.start);
  let from = run.start;
  let computed = deadlineFrom(from);
  if (down.length) {
    const stretches = [run.start, ...down.map((d) => d.to)].filter(
      (t) => t < run.end && !down.some((d) => d.from <= t && d.to > t),
    );
    const judged = stretches.find((t) => {
      const deadline = deadlineFrom(t);
      const until = Math.min(run.end, ...down.filter((d) => d.from > t).map((d) => d.from));
      return deadline !== undefined && t + deadline.deadline <= until;
    });
    if (judged === undefined) {
      return { ...row, verdict: `FAIL: not judged: app${server + 1} was down for too much of the fault` };
    }
    from = judged;
    computed = deadlineFrom(from);
  }
  row.waited = from - run.start;
  if (!computed) {
    return { ...row, verdict: 'FAIL: its condition never held on the traffic sent (the rule cannot fire)' };
  }
  row.deadline = row.waited + computed.deadline;
  row.how = `${row.waited ? `app${server + 1} back ${row.waited.toFixed(0)} s in; ` : ''}${computed.how}`;
  const failing = math.conditions.map((c) => failingFrom(c, from, judging.streams)).find((t) => t !== undefined);
  if (rule.severity === 'critical' && failing !== undefined && run.start + row.deadline - failing > PAGE_WITHIN_S) {
    const late = (run.start + row.deadline - failing).toFixed(0);
    return {
      ...row,
      verdict: `FAIL: too slow for a page (${late} s after users began failing, over ${PAGE_WITHIN_S} s)`,
    };
  }
  const seen = judging.intervals
    .filter((i) => matches(i, alert, labels) && i.start <= run.end + settle && (i.end ?? Infinity) > run.start)
    .sort((a, b) => a.start - b.start);
  row.seen = seen;
  const first = seen[0];
  const last = seen.at(-1);
  if (!first || !last) {
    if (run.start + row.deadline > judging.watchedUntil) return { ...row, verdict: 'FAIL: not judged: run ended' };
    return { ...row, verdict: 'FAIL: never fired' };
  }
  row.firedAfter = first.start - run.start;
  row.pendingAfter = first.pendingAt - run.start;
  if (last.end !== undefined) row.resolvedAfter = last.end - run.end;
  if (row.firedAfter > row.deadline) {
    return { ...row, verdict: `FAIL: fired late (deadline ${row.deadline.toFixed(0)} s)` };
  }
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
    const rule = judging.rules.get(interval.name);
    if (found && rule && interval.end === undefined && judging.projected) {
      found.resolvesAt = resolvesAt(rule, interval.labels, judging.timing, judging.watchedUntil, judging.projected);
    }
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
