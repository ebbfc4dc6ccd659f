/**
 * bench:chaos's output: how an answer is read (its code), the checks on the run's history (verdicts in
 * bench/chaos-judge.ts) as test-results/chaos/summary.md (also printed), the history itself as
 * history.json and the timeline picture. What each check means: docs/benchmarks.md#chaos.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CounterSeries } from './chaos-detection.js';
import type { Planned } from './chaos-faults.js';
import {
  type FaultRun,
  judgeAlerts,
  judgeDelivery,
  labelText,
  MAIL_COUNTER,
  PAGE_WITHIN_S,
  POLL_SLACK_S,
  projectedStreamsOf,
  RECOVERY_S,
  type Received,
  streamsOf,
} from './chaos-judge.js';
import type { AlertInterval, AlertRule } from './chaos-prometheus.js';
import { timeline } from './chaos-timeline.js';

export type Sample = { t: number; kind: 'signup' | 'lookup' | 'page'; ms: number; ok: boolean; code: string };

export type ChaosReport = {
  seed: number;
  minutes: number;
  rate: number;
  loadStart: string;
  loadEnd: string;
  plan: Planned[];
  runs: FaultRun[];
  /** When each server was down: SIGKILLed until it answered again. */
  downtime: { server: number; from: number; to: number }[];
  samples: Sample[];
  /** kasuwa_mail_send_attempts_total as the run's Prometheus scraped it, each series by instance and outcome. */
  mailCounters: CounterSeries[];
  trafficEnd: number;
  /** Prometheus's firing intervals, watched until the traffic's end. */
  intervals: AlertInterval[];
  /** Asks of Prometheus's alerts that failed (timed out, refused). */
  failedAsks: number;
  rules: Map<string, AlertRule>;
  scrape: number;
  evaluation: number;
  scrapeTimeout: number;
  /** Each server's instance label, by index. */
  instances: string[];
  acknowledged: string[];
  refused: Record<string, number>;
  /** The addresses the database holds. */
  stored: string[];
  /** What the SMTP sink received. */
  received: Received[];
  unsent: Record<string, number>;
  rss: { name: string; startKb: number; endKb: number }[];
  serversAlive: boolean[];
  /** Whether each server, asked directly after the traffic, accepted a signup (no restart needed). */
  recovered: boolean[];
  /** Starts of a killed server that exited or did not listen in time (the supervisor tried again). */
  failedStarts: string[];
};

export type GraphqlAnswer<T> = {
  /** Whether the body was JSON at all (HAProxy's own error pages are HTML). */
  json: boolean;
  data?: T | null;
  errors?: { extensions?: { code?: string } }[];
};

/** A /graphql answer read as a client reads it; a body that is not JSON is said so, not thrown. */
export function graphqlAnswer<T = unknown>(response: { text: string }): GraphqlAnswer<T> {
  try {
    const parsed: unknown = JSON.parse(response.text);
    if (parsed && typeof parsed === 'object') return { json: true, ...(parsed as Omit<GraphqlAnswer<T>, 'json'>) };
  } catch {}
  return { json: false };
}

/** A refusal's code: the API's, else the status, marked when the body was not JSON (no client could read it). */
export const codeOf = (answer: GraphqlAnswer<unknown>, response: { status: number }) =>
  answer.errors?.[0]?.extensions?.code ?? `HTTP ${response.status}${answer.json ? '' : ' (not JSON)'}`;

/** Seconds after a fault ends that still count as its window for pages and latency. */
const AFTERMATH_S = 5;
const CLEAR_CODES = new Set(['UNAVAILABLE', 'RATE_LIMITED']);

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);
const pct = (ok: number, total: number) => (total === 0 ? '–' : `${((100 * ok) / total).toFixed(2)} %`);
const secs = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '–' : `${value.toFixed(0)} s`;
const verdict = (ok: boolean, pass = 'pass') => (ok ? pass : 'FAIL');

/** Writes summary.md, history.json and timeline.svg under `dir`, prints the table, gives the failed checks. */
export function writeReport(report: ChaosReport, dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const failures: string[] = [];
  const windows = report.runs.map((run) => [run.start, run.end + AFTERMATH_S] as const);
  const inFault = (t: number) => windows.some(([from, to]) => t >= from && t <= to);

  const delivery = judgeDelivery(report.acknowledged, report.stored, report.received, /^chaos-/);
  failures.push(...delivery.failures);
  const refusedTotal = Object.values(report.refused).reduce((a, b) => a + b, 0);
  // A refusal a client cannot read as "try again" (HTML, a bare status, a dropped connection) fails the run.
  const unclear = Object.entries(report.refused).filter(([code]) => !CLEAR_CODES.has(code));
  const unclearCount = unclear.reduce((sum, [, n]) => sum + n, 0);
  if (unclearCount) {
    failures.push(`refused signups without a clear code: ${unclear.map(([code, n]) => `${code} ${n}`).join(', ')}`);
  }

  // Availability: pages and the bundle.
  const pageSamples = report.samples.filter((s) => s.kind === 'page');
  const during = pageSamples.filter((s) => inFault(s.t));
  const outside = pageSamples.filter((s) => !inFault(s.t));
  const duringOk = during.filter((s) => s.ok).length;
  const outsideOk = outside.filter((s) => s.ok).length;
  const duringPass = !during.length || duringOk / during.length >= 0.995;
  if (!duringPass) failures.push(`pages during faults ${pct(duringOk, during.length)} < 99.5 %`);
  if (outsideOk < outside.length) failures.push(`pages outside faults ${pct(outsideOk, outside.length)} < 100 %`);
  const codes = (list: Sample[]) => {
    const counts = new Map<string, number>();
    for (const s of list.filter((sample) => !sample.ok)) counts.set(s.code, (counts.get(s.code) ?? 0) + 1);
    return counts.size ? `; failed: ${[...counts].map(([c, n]) => `${c} ${n}`).join(', ')}` : '';
  };
  const calm = (kind: Sample['kind']) =>
    report.samples.filter((s) => s.kind === kind && !inFault(s.t)).map((s) => s.ms);
  const signupCalm = calm('signup');
  const lookupCalm = calm('lookup');
  const lookups = report.samples.filter((s) => s.kind === 'lookup');
  const lookupOk = lookups.filter((s) => s.ok).length;

  const alerts = judgeAlerts({
    runs: report.runs,
    intervals: report.intervals,
    rules: report.rules,
    scrape: report.scrape,
    instances: report.instances,
    downtime: report.downtime,
    watchedUntil: report.trafficEnd,
    timing: {
      scrape: report.scrape,
      scrapeTimeout: report.scrapeTimeout,
      evaluation: report.evaluation,
      poll: POLL_SLACK_S,
    },
    streams: streamsOf(report.samples, report.mailCounters, report.scrape),
    projected: projectedStreamsOf(report.samples, report.mailCounters, report.scrape, report.trafficEnd),
  });
  failures.push(...alerts.failures);
  if (!report.mailCounters.length) failures.push(`no ${MAIL_COUNTER} read from Prometheus: the mail stream is empty`);
  const serversOk =
    report.recovered.every(Boolean) && report.serversAlive.every(Boolean) && !report.failedStarts.length;
  if (report.serversAlive.some((alive) => !alive)) failures.push('a server is not running at the end');
  if (report.recovered.some((ok) => !ok)) failures.push('a server did not accept a signup after the faults');
  if (report.failedStarts.length) failures.push(`${report.failedStarts.length} starts of a killed server failed`);

  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  const d = delivery;
  const lines = [
    `# bench:chaos, seed ${report.seed}`,
    '',
    `${report.minutes} min of traffic at ${report.rate} requests/s through HAProxy, ${report.runs.length} faults; the shipped rules, scraped every ${report.scrape} s and evaluated every ${report.evaluation} s. Load average at the start ${report.loadStart}, at the end ${report.loadEnd}. Replay: \`npm run bench:chaos -- --minutes ${report.minutes} --seed ${report.seed}\``,
    '',
    '| check | result | verdict |',
    '| --- | --- | --- |',
    `| delivery | ${report.acknowledged.length} signups acknowledged; ${report.stored.length} stored (${d.indeterminate} of them answered with an error as their commit went through); lost ${d.lost.length}; delivered once ${d.mailedOnce}, never ${d.notMailed.length}, under two Message-IDs ${d.mailedTwice.length}, re-sent with the same Message-ID ${d.resent.length}; mails to addresses never stored ${d.strays.length}; outbox not sent at the end: ${JSON.stringify(report.unsent)} | ${verdict(!d.failures.length)} |`,
    `| refused signups | ${refusedTotal}: ${
      Object.entries(report.refused)
        .map(([code, n]) => `${code} ${n}`)
        .join(', ') || 'none'
    } | ${unclearCount === 0 ? 'pass: clear codes' : `FAIL: ${unclearCount} without UNAVAILABLE or RATE_LIMITED`} |`,
    `| pages and bundle during faults | ${duringOk}/${during.length} answered 200 (${pct(duringOk, during.length)})${codes(during)} | ${verdict(duringPass)} (≥ 99.5 %) |`,
    `| pages and bundle outside faults | ${outsideOk}/${outside.length} answered 200 (${pct(outsideOk, outside.length)})${codes(outside)} | ${verdict(outsideOk === outside.length)} (100 %) |`,
    `| rank lookups | ${lookupOk}/${lookups.length} answered (${pct(lookupOk, lookups.length)}) | – |`,
    `| signup latency outside faults | p50 ${ms(quantile(signupCalm, 0.5))}, p99 ${ms(quantile(signupCalm, 0.99))} (${signupCalm.length} signups) | – |`,
    `| lookup latency outside faults | p50 ${ms(quantile(lookupCalm, 0.5))}, p99 ${ms(quantile(lookupCalm, 0.99))} (${lookupCalm.length} lookups) | – |`,
    `| servers after the faults | ${report.recovered.map((ok, i) => `app${i + 1} ${ok ? 'accepted a signup directly' : 'DID NOT accept a signup'}`).join('; ')}, no restart by hand; failed starts: ${report.failedStarts.join('; ') || 'none'} | ${verdict(serversOk)} |`,
    `| memory (RSS, start → end) | ${report.rss.map((r) => `${r.name} ${mb(r.startKb)} → ${mb(r.endKb)}`).join('; ')} (a restarted server's end is its new process) | – |`,
    `| Watchdog | ${alerts.watchdogOk ? 'firing from the first ask to the last' : 'NOT firing throughout'}; ${report.failedAsks} asks of Prometheus failed | ${verdict(alerts.watchdogOk)} |`,
    '',
    `Each fault's expected alerts: pending and fired are counted from the fault's start; the deadline is computed from the rule, the signups the servers answered and the mail sends they counted (bench/chaos-detection.ts: when its condition first held, then a scrape, its timeout, an evaluation, \`for:\` and ${POLL_SLACK_S} s of polling; a page, severity critical, within ${PAGE_WITHIN_S} s of users failing); resolved is counted from its end (within the alert's shortest window plus two scrape intervals plus ${RECOVERY_S} s).`,
    '',
    '| fault | from → to | expected alert | pending after | fired after (deadline) | resolved after the end | verdict | deadline computed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...alerts.rows.map((row) => {
      const which = row.run.kind === 'server-kill' ? ` (app${row.run.server + 1})` : '';
      return `| ${row.run.label}${which} | ${row.run.start.toFixed(0)} → ${row.run.end.toFixed(0)} s | ${row.alert}${labelText(row.labels)} | ${secs(row.pendingAfter)} | ${secs(row.firedAfter)} (${secs(row.deadline)}) | ${secs(row.resolvedAfter)} | ${row.verdict} | ${row.how || '–'} |`;
    }),
    '',
    'Every other alert that fired, and what explains it:',
    '',
    '| alert | fired → resolved | explained by |',
    '| --- | --- | --- |',
    ...[
      ...alerts.explained.map(
        (e) =>
          [
            e.interval,
            `${e.overlap ? 'expected for an overlap: ' : ''}${e.by.join('; ')}${e.resolvesAt === undefined ? '' : `; by its windows on the traffic sent, then calm, it resolves at ${e.resolvesAt.toFixed(0)} s (${((e.resolvesAt - report.trafficEnd) / 60).toFixed(0)} min after the traffic stopped)`}`,
          ] as const,
      ),
      ...alerts.unexplained.map((i) => [i, '**nothing: a false alarm (FAIL)**'] as const),
    ]
      .sort((a, b) => a[0].start - b[0].start)
      .map(
        ([i, by]) =>
          `| ${i.name}${labelText(i.labels)} | ${i.start.toFixed(0)} → ${i.end === undefined ? 'still firing' : `${i.end.toFixed(0)} s`} | ${by} |`,
      ),
    '',
    failures.length ? `**FAILED**: ${failures.join('; ')}` : '**Passed.**',
    '',
  ];
  const text = lines.join('\n');
  fs.writeFileSync(path.join(dir, 'summary.md'), text);
  fs.writeFileSync(path.join(dir, 'timeline.svg'), timeline(report));
  const history = { ...report, rules: Object.fromEntries(report.rules), samples: undefined };
  fs.writeFileSync(path.join(dir, 'history.json'), JSON.stringify(history, null, 1));
  console.log(`\n${text}`);
  console.log(`[chaos] wrote ${path.relative(process.cwd(), dir)}/summary.md, history.json and timeline.svg`);
  return failures;
}
