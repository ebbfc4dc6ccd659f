/**
 * bench:chaos's timeline picture (test-results/chaos/timeline.svg): the faults on a lane per family,
 * each alert series' firing intervals (the pending time before each lighter), the share of failed
 * requests and the p99 of signups and lookups per 10 s, against minutes.
 */
import { FAULTS, type Family, type FaultKind } from './chaos-faults.js';
import { labelText } from './chaos-judge.js';
import { type ChaosReport, quantile } from './chaos-report.js';

const COLORS: Record<FaultKind, string> = {
  'pg-terminate': '#1f77b4',
  'pg-stop': '#08306b',
  'pg-silent': '#6baed6',
  'redis-kill': '#b30000',
  'redis-freeze': '#fc8d59',
  'smtp-hang': '#54278f',
  'smtp-451': '#9e9ac8',
  'smtp-421': '#bcbddc',
  'smtp-550': '#756bb1',
  'server-kill': '#000000',
};

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const FAMILY_LANES: Family[] = ['postgres', 'redis', 'smtp', 'server'];
const seriesName = (a: { name: string; labels: Record<string, string> }) => `${a.name}${labelText(a.labels)}`;

/** Faults, alerts, error rate and p99 (10 s buckets) against time, as one SVG. */
export function timeline(report: ChaosReport): string {
  const end = Math.max(report.trafficEnd, ...report.intervals.map((a) => a.end ?? a.start));
  const width = 1400;
  const left = 330;
  const right = 20;
  const x = (t: number) => left + ((width - left - right) * Math.max(0, t)) / end;
  const series = [...new Set(report.intervals.map(seriesName))].sort();
  const laneH = 18;
  const faultTop = 50;
  const alertTop = faultTop + FAMILY_LANES.length * laneH + 20;
  const chartH = 140;
  const errorTop = alertTop + series.length * laneH + 30;
  const p99Top = errorTop + chartH + 40;
  const height = p99Top + chartH + 60;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<clipPath id="plot"><rect x="${left}" y="0" width="${width - left - right}" height="${height}"/></clipPath>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">bench:chaos seed ${report.seed}: ${report.minutes} min, ${report.runs.length} faults, load average ${xmlText(report.loadEnd)} at the end</text>`,
  ];
  // Minute grid.
  for (let t = 0; t <= end; t += 60) {
    out.push(`<line x1="${x(t)}" y1="${faultTop - 6}" x2="${x(t)}" y2="${p99Top + chartH}" stroke="#eee"/>`);
    out.push(`<text x="${x(t)}" y="${p99Top + chartH + 16}" text-anchor="middle">${t / 60}</text>`);
  }
  out.push(`<text x="${(left + width) / 2}" y="${p99Top + chartH + 34}" text-anchor="middle">minutes</text>`);
  // Faults, a lane per family.
  FAMILY_LANES.forEach((family, lane) => {
    const y = faultTop + lane * laneH;
    out.push(`<text x="10" y="${y + 13}">faults: ${family}</text>`);
    for (const run of report.runs.filter((r) => FAULTS[r.kind].family === family)) {
      const which = run.kind === 'server-kill' ? ` app${run.server + 1}` : '';
      out.push(
        `<rect x="${x(run.start)}" y="${y}" width="${Math.max(3, x(run.end) - x(run.start))}" height="${laneH - 4}" fill="${COLORS[run.kind]}"><title>${xmlText(FAULTS[run.kind].label)}${which} at ${run.start.toFixed(0)} s</title></rect>`,
        `<text x="${x(run.start) + 2}" y="${y + 11}" font-size="9" fill="white">${run.kind}${which}</text>`,
      );
    }
  });
  // Alerts: pending (light) then firing, a lane per series.
  series.forEach((name, i) => {
    const y = alertTop + i * laneH;
    out.push(`<text x="10" y="${y + 13}">${xmlText(name)}</text>`);
    for (const interval of report.intervals.filter((a) => seriesName(a) === name)) {
      const pending = Math.max(0, x(interval.start) - x(interval.pendingAt));
      out.push(
        `<rect x="${x(interval.pendingAt)}" y="${y}" width="${pending}" height="${laneH - 4}" fill="#ffe0b3"/>`,
        `<rect x="${x(interval.start)}" y="${y}" width="${Math.max(3, x(interval.end ?? end) - x(interval.start))}" height="${laneH - 4}" fill="#ff9900"/>`,
      );
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
