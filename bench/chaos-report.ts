/**
 * bench:chaos's checks and output: how an answer is read (its code), the end table
 * (test-results/chaos/summary.md, also printed) and the timeline picture (timeline.svg: faults, alerts,
 * error rate and p99 against time). What each check means: docs/benchmarks.md#chaos.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FaultKind, Planned } from './chaos-faults.js';

export type Sample = { t: number; kind: 'signup' | 'lookup' | 'page'; ms: number; ok: boolean; code: string };

export type FaultRun = Planned & { label: string; start: number; end: number; alerts: string[] };

export type ChaosReport = {
  seed: number;
  minutes: number;
  rate: number;
  loadAverage: string;
  plan: Planned[];
  runs: FaultRun[];
  restarts: { server: number; killed: number; back?: number }[];
  samples: Sample[];
  trafficEnd: number;
  alertIntervals: { name: string; start: number; end?: number }[];
  acknowledged: string[];
  refused: Record<string, number>;
  stored: { email: string; count: number }[];
  /** What the SMTP sink received. */
  received: { to: string[]; messageId: string }[];
  unsent: Record<string, number>;
  rss: { name: string; startKb: number; endKb: number }[];
  serversAlive: boolean[];
  /** Whether each server, asked directly after the traffic, accepted a signup (no restart needed). */
  recovered: boolean[];
  /** Restarts after a SIGKILL that exited before listening (the supervisor tried again 5 s later). */
  failedStarts: string[];
};

export type GraphqlAnswer<T> = {
  /** Whether the body was JSON at all (HAProxy's own error pages were HTML before deploy/haproxy.cfg's kasuwa_api). */
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

/** Seconds after a fault (or the restart within it) ends that still count as its window. */
const RECOVERY_S = 5;
/** An alert counts for a fault when it fires by this long after the fault ended. */
const RAISE_GRACE_S = 30;
const CLEAR_CODES = new Set(['UNAVAILABLE', 'RATE_LIMITED']);

function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);
const pct = (ok: number, total: number) => (total === 0 ? '–' : `${((100 * ok) / total).toFixed(2)} %`);

/** Each fault's window: from its start to the end of it (or of the restart inside it), plus recovery. */
function windowsOf(report: ChaosReport): [number, number][] {
  const windows: [number, number][] = report.runs.map((run) => [run.start, run.end + RECOVERY_S]);
  for (const restart of report.restarts)
    windows.push([restart.killed, (restart.back ?? report.trafficEnd) + RECOVERY_S]);
  return windows;
}

type AlertRow = {
  run: FaultRun;
  expected: string;
  raisedAfter?: number;
  already: boolean;
  resolvedAfter?: number;
  ok: boolean;
};

function alertRows(report: ChaosReport, faults: Record<FaultKind, { alert: string }>): AlertRow[] {
  const rows: AlertRow[] = [];
  for (const run of report.runs) {
    const restart = report.restarts.find((r) => r.killed >= run.start && r.killed <= run.end + 1);
    const runEnd = Math.max(run.end, restart?.back ?? 0);
    const expected = [faults[run.kind].alert];
    if (run.restart) expected.push('KasuwaServerDown');
    for (const name of expected) {
      const interval = report.alertIntervals.find(
        (candidate) =>
          candidate.name === name &&
          (candidate.end === undefined || candidate.end > run.start) &&
          candidate.start <= runEnd + RAISE_GRACE_S,
      );
      const row: AlertRow = { run, expected: name, already: false, ok: false };
      if (interval) {
        row.raisedAfter = Math.max(0, interval.start - run.start);
        row.already = interval.start < run.start;
        if (interval.end !== undefined) row.resolvedAfter = Math.max(0, interval.end - runEnd);
        row.ok = interval.end !== undefined;
      }
      run.alerts.push(name);
      rows.push(row);
    }
  }
  return rows;
}

/** Writes summary.md and timeline.svg under `dir`, prints the table, and gives the failed checks. */
export function writeReport(
  report: ChaosReport,
  dir: string,
  faults: Record<FaultKind, { label: string; alert: string }>,
): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const failures: string[] = [];
  const windows = windowsOf(report);
  const inFault = (t: number) => windows.some(([from, to]) => t >= from && t <= to);

  // Delivery.
  const storedCount = new Map(report.stored.map((row) => [row.email, row.count]));
  const lost = report.acknowledged.filter((email) => !storedCount.has(email));
  const storedTwice = report.stored.filter((row) => row.count > 1);
  const acknowledged = new Set(report.acknowledged);
  const storedUnacknowledged = report.stored.filter((row) => !acknowledged.has(row.email)).length;
  // Counted as a receiver does, by Message-ID: a mail a SIGKILLed server handed to SMTP but had not
  // recorded goes out again from another with the same Message-ID (docs/deploying.md), counted apart.
  const messageIds = new Map<string, Set<string>>();
  let resent = 0;
  for (const mail of report.received) {
    for (const to of mail.to) {
      const ids = messageIds.get(to) ?? new Set<string>();
      if (ids.has(mail.messageId)) resent++;
      messageIds.set(to, ids.add(mail.messageId));
    }
  }
  const mailed = (email: string) => messageIds.get(email)?.size ?? 0;
  const notMailed = report.stored.filter((row) => mailed(row.email) === 0);
  const mailedTwice = report.stored.filter((row) => mailed(row.email) > 1);
  const mailedOnce = report.stored.length - notMailed.length - mailedTwice.length;
  if (lost.length) failures.push(`${lost.length} acknowledged signups lost (${lost.slice(0, 3).join(', ')})`);
  if (storedTwice.length) failures.push(`${storedTwice.length} signups stored twice`);
  if (notMailed.length) failures.push(`${notMailed.length} stored signups never mailed`);
  if (mailedTwice.length) failures.push(`${mailedTwice.length} signups mailed more than once`);
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
  if (during.length && duringOk / during.length < 0.995)
    failures.push(`pages during faults ${pct(duringOk, during.length)} < 99.5 %`);
  if (outsideOk < outside.length) failures.push(`pages outside faults ${pct(outsideOk, outside.length)} < 100 %`);
  const codes = (list: Sample[]) => {
    const counts = new Map<string, number>();
    for (const s of list.filter((sample) => !sample.ok)) counts.set(s.code, (counts.get(s.code) ?? 0) + 1);
    return counts.size ? `; failed: ${[...counts].map(([c, n]) => `${c} ${n}`).join(', ')}` : '';
  };

  // Latency outside faults.
  const calm = (kind: Sample['kind']) =>
    report.samples.filter((s) => s.kind === kind && !inFault(s.t)).map((s) => s.ms);
  const signupCalm = calm('signup');
  const lookupCalm = calm('lookup');
  const lookupFailed = report.samples.filter((s) => s.kind === 'lookup' && !s.ok).length;
  const lookups = report.samples.filter((s) => s.kind === 'lookup').length;

  // Alerts.
  const rows = alertRows(report, faults);
  for (const row of rows.filter((r) => !r.ok)) {
    failures.push(
      `${row.run.label} at ${row.run.start.toFixed(0)} s: ${row.expected} ${row.raisedAfter === undefined ? 'never fired' : 'never resolved'}`,
    );
  }
  const matched = new Set(rows.map((row) => row.expected));
  const others = new Map<string, number>();
  for (const interval of report.alertIntervals) others.set(interval.name, (others.get(interval.name) ?? 0) + 1);
  if (report.serversAlive.some((alive) => !alive)) failures.push('a server is not running at the end');
  if (report.recovered.some((ok) => !ok)) failures.push('a server did not accept a signup after the faults');
  if (report.failedStarts.length) failures.push(`${report.failedStarts.length} restarts exited at start`);

  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  const lines = [
    `# bench:chaos, seed ${report.seed}`,
    '',
    `${report.minutes} min of traffic at ${report.rate} requests/s through HAProxy, ${report.runs.length} faults, ${report.restarts.length} server restarts; load average at the end ${report.loadAverage}. Replay: \`npm run bench:chaos -- --minutes ${report.minutes} --seed ${report.seed}\``,
    '',
    '| check | result | verdict |',
    '| --- | --- | --- |',
    `| delivery | ${report.acknowledged.length} signups acknowledged; ${report.stored.length} stored (${storedUnacknowledged} of them answered with an error as their commit went through); lost ${lost.length}, stored twice ${storedTwice.length}; mailed once ${mailedOnce}, twice or more ${mailedTwice.length} (distinct Message-IDs), never ${notMailed.length}; ${resent} re-sent with the same Message-ID after a SIGKILL; outbox not sent at the end: ${JSON.stringify(report.unsent)} | ${lost.length + storedTwice.length + notMailed.length + mailedTwice.length === 0 ? 'pass' : 'FAIL'} |`,
    `| refused signups | ${refusedTotal}: ${
      Object.entries(report.refused)
        .map(([code, n]) => `${code} ${n}`)
        .join(', ') || 'none'
    } | ${unclearCount === 0 ? 'pass: clear codes' : `FAIL: ${unclearCount} without UNAVAILABLE or RATE_LIMITED`} |`,
    `| pages and bundle during faults | ${duringOk}/${during.length} answered 200 (${pct(duringOk, during.length)})${codes(during)} | ${during.length && duringOk / during.length < 0.995 ? 'FAIL' : 'pass'} (≥ 99.5 %) |`,
    `| pages and bundle outside faults | ${outsideOk}/${outside.length} answered 200 (${pct(outsideOk, outside.length)})${codes(outside)} | ${outsideOk < outside.length ? 'FAIL' : 'pass'} (100 %) |`,
    `| rank lookups | ${lookups - lookupFailed}/${lookups} answered (${pct(lookups - lookupFailed, lookups)}) | – |`,
    `| signup latency outside faults | p50 ${ms(quantile(signupCalm, 0.5))}, p99 ${ms(quantile(signupCalm, 0.99))} (${signupCalm.length} signups) | – |`,
    `| lookup latency outside faults | p50 ${ms(quantile(lookupCalm, 0.5))}, p99 ${ms(quantile(lookupCalm, 0.99))} (${lookupCalm.length} lookups) | – |`,
    `| servers after the faults | ${report.recovered.map((ok, i) => `app${i + 1} ${ok ? 'accepted a signup directly' : 'DID NOT accept a signup'}`).join('; ')}, no restart by hand; starts that exited: ${report.failedStarts.join('; ') || 'none'} | ${report.recovered.every(Boolean) && report.serversAlive.every(Boolean) && !report.failedStarts.length ? 'pass' : 'FAIL'} |`,
    `| memory (RSS, start → end) | ${report.rss.map((r) => `${r.name} ${mb(r.startKb)} → ${mb(r.endKb)}`).join('; ')} (a restarted server's end is its new process) | – |`,
    '',
    '| # | at | fault | expected alert | fired after | resolved after the fault ended | verdict |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row, i) => {
      const restart = row.run.restart ? ` + app${row.run.restart.server + 1} restarted` : '';
      const which = row.run.kind === 'server-kill' ? ` (app${row.run.server + 1})` : '';
      return `| ${i + 1} | ${row.run.start.toFixed(0)} s | ${row.run.label}${which}${restart} | ${row.expected} | ${row.raisedAfter === undefined ? 'never' : `${row.raisedAfter.toFixed(0)} s${row.already ? ' (already firing)' : ''}`} | ${row.resolvedAfter === undefined ? 'never' : `${row.resolvedAfter.toFixed(0)} s`} | ${row.ok ? 'pass' : 'FAIL'} |`;
    }),
    '',
    `Alerts that fired in the run (firing intervals): ${[...others].map(([name, n]) => `${name} ${n}${matched.has(name) ? '' : ' (no fault expects it)'}`).join(', ') || 'none'}.`,
    '',
    failures.length ? `**FAILED**: ${failures.join('; ')}` : '**Passed.**',
    '',
  ];
  const text = lines.join('\n');
  fs.writeFileSync(path.join(dir, 'summary.md'), text);
  fs.writeFileSync(path.join(dir, 'timeline.svg'), timeline(report, faults));
  console.log(`\n${text}`);
  console.log(`[chaos] wrote ${path.relative(process.cwd(), path.join(dir, 'summary.md'))} and timeline.svg`);
  return failures;
}

const COLORS: Record<FaultKind, string> = {
  'pg-terminate': '#1f77b4',
  'pg-stop': '#08306b',
  'pg-silent': '#6baed6',
  'redis-kill': '#b30000',
  'redis-freeze': '#fc8d59',
  'smtp-hang': '#54278f',
  'smtp-451': '#9e9ac8',
  'server-kill': '#000000',
};

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Faults, alerts, error rate and p99 (10 s buckets) against time, as one SVG. */
function timeline(report: ChaosReport, faults: Record<FaultKind, { label: string }>): string {
  const end = Math.max(report.trafficEnd, ...report.alertIntervals.map((a) => a.end ?? a.start));
  const width = 1400;
  const left = 210;
  const right = 20;
  const x = (t: number) => left + ((width - left - right) * t) / end;
  const alertNames = [...new Set(report.alertIntervals.map((a) => a.name))].sort();
  const laneH = 18;
  const faultTop = 40;
  const alertTop = faultTop + 2 * laneH + 20;
  const chartH = 140;
  const errorTop = alertTop + alertNames.length * laneH + 30;
  const p99Top = errorTop + chartH + 40;
  const height = p99Top + chartH + 60;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<clipPath id="plot"><rect x="${left}" y="0" width="${width - left - right}" height="${height}"/></clipPath>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">bench:chaos seed ${report.seed}: ${report.minutes} min, ${report.runs.length} faults, load average ${xmlText(report.loadAverage)}</text>`,
  ];
  // Minute grid.
  for (let t = 0; t <= end; t += 60) {
    out.push(`<line x1="${x(t)}" y1="${faultTop - 6}" x2="${x(t)}" y2="${p99Top + chartH}" stroke="#eee"/>`);
    out.push(`<text x="${x(t)}" y="${p99Top + chartH + 16}" text-anchor="middle">${t / 60}</text>`);
  }
  out.push(`<text x="${(left + width) / 2}" y="${p99Top + chartH + 34}" text-anchor="middle">minutes</text>`);
  // Faults, and restarts on a lane of their own.
  out.push(
    `<text x="10" y="${faultTop + 13}">faults</text>`,
    `<text x="10" y="${faultTop + laneH + 13}">server restarts</text>`,
  );
  for (const run of report.runs) {
    const w = Math.max(3, x(run.end) - x(run.start));
    out.push(
      `<rect x="${x(run.start)}" y="${faultTop}" width="${w}" height="${laneH - 4}" fill="${COLORS[run.kind]}"><title>${xmlText(faults[run.kind].label)} at ${run.start.toFixed(0)} s</title></rect>`,
    );
    out.push(`<text x="${x(run.start)}" y="${faultTop - 3}" font-size="9">${run.kind}</text>`);
  }
  for (const restart of report.restarts) {
    const w = Math.max(3, x(restart.back ?? end) - x(restart.killed));
    out.push(
      `<rect x="${x(restart.killed)}" y="${faultTop + laneH}" width="${w}" height="${laneH - 4}" fill="#d62728"><title>app${restart.server + 1} down</title></rect>`,
    );
  }
  // Alerts.
  alertNames.forEach((name, i) => {
    const y = alertTop + i * laneH;
    out.push(`<text x="10" y="${y + 13}">${xmlText(name)}</text>`);
    for (const interval of report.alertIntervals.filter((a) => a.name === name)) {
      const w = Math.max(3, x(interval.end ?? end) - x(interval.start));
      out.push(`<rect x="${x(interval.start)}" y="${y}" width="${w}" height="${laneH - 4}" fill="#ff9900"/>`);
    }
  });
  // Buckets of 10 s: share of failed requests (all kinds) and p99 of signups and lookups.
  const bucket = 10;
  const buckets = Math.ceil(report.trafficEnd / bucket);
  const errorRate: number[] = [];
  const p99: { signup: number[]; lookup: number[] } = { signup: [], lookup: [] };
  for (let b = 0; b < buckets; b++) {
    const inside = report.samples.filter((s) => s.t >= b * bucket && s.t < (b + 1) * bucket);
    errorRate.push(inside.length ? inside.filter((s) => !s.ok).length / inside.length : 0);
    for (const kind of ['signup', 'lookup'] as const) {
      p99[kind].push(
        quantile(
          inside.filter((s) => s.kind === kind).map((s) => s.ms),
          0.99,
        ),
      );
    }
  }
  const chart = (top: number, title: string) => {
    out.push(
      `<rect x="${left}" y="${top}" width="${width - left - right}" height="${chartH}" fill="none" stroke="#999"/>`,
    );
    out.push(`<text x="10" y="${top + 13}">${xmlText(title)}</text>`);
  };
  chart(errorTop, 'failed requests (%)');
  const maxRate = Math.max(0.05, ...errorRate);
  const yRate = (v: number) => errorTop + chartH - (chartH * v) / maxRate;
  out.push(`<text x="${left - 4}" y="${errorTop + 10}" text-anchor="end">${(100 * maxRate).toFixed(0)} %</text>`);
  out.push(`<text x="${left - 4}" y="${errorTop + chartH}" text-anchor="end">0</text>`);
  out.push(
    `<polyline clip-path="url(#plot)" fill="none" stroke="#d62728" stroke-width="1.5" points="${errorRate.map((v, b) => `${x((b + 0.5) * bucket).toFixed(1)},${yRate(v).toFixed(1)}`).join(' ')}"/>`,
  );
  chart(p99Top, 'p99 per 10 s (ms, log)');
  const maxMs = Math.max(100, ...p99.signup.filter(Number.isFinite), ...p99.lookup.filter(Number.isFinite));
  const logTop = Math.log10(maxMs);
  const yMs = (v: number) => p99Top + chartH - (chartH * Math.log10(Math.max(1, v))) / logTop;
  for (const tick of [1, 10, 100, 1000, 10000].filter((v) => v <= maxMs)) {
    out.push(`<text x="${left - 4}" y="${yMs(tick) + 4}" text-anchor="end">${tick}</text>`);
    out.push(`<line x1="${left}" y1="${yMs(tick)}" x2="${width - right}" y2="${yMs(tick)}" stroke="#eee"/>`);
  }
  for (const [kind, color] of [
    ['signup', '#2ca02c'],
    ['lookup', '#1f77b4'],
  ] as const) {
    const points = p99[kind]
      .map((v, b) => (Number.isFinite(v) ? `${x((b + 0.5) * bucket).toFixed(1)},${yMs(v).toFixed(1)}` : ''))
      .filter(Boolean)
      .join(' ');
    out.push(`<polyline clip-path="url(#plot)" fill="none" stroke="${color}" stroke-width="1.5" points="${points}"/>`);
  }
  out.push(
    `<text x="${left + 8}" y="${p99Top + 14}" fill="#2ca02c">signup</text><text x="${left + 60}" y="${p99Top + 14}" fill="#1f77b4">lookup</text>`,
  );
  // Legend of fault colours.
  let lx = left;
  const ly = height - 14;
  for (const kind of Object.keys(COLORS) as FaultKind[]) {
    out.push(
      `<rect x="${lx}" y="${ly - 9}" width="10" height="10" fill="${COLORS[kind]}"/><text x="${lx + 14}" y="${ly}">${kind}</text>`,
    );
    lx += 110;
  }
  out.push('</svg>');
  return out.join('\n');
}
