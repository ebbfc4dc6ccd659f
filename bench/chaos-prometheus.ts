/**
 * bench:chaos's Prometheus: Debian's server on the shipped deploy/prometheus/alerts.yml, unaltered, at
 * the shipped scrape and evaluation intervals; each alert's `for:` and shortest window read from the
 * rules; Prometheus's alerts asked every second, as firing intervals by name and instance; and a
 * counter's scraped samples read back after the traffic (the mail sends the judge's deadlines use).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MAIL_STALLED_SECONDS } from '../server/mail/metrics.js';
import { type AlertMath, alertMath, type CounterSeries, seconds } from './chaos-detection.js';

const PROMETHEUS = process.env.PROMETHEUS_PATH || '/usr/bin/prometheus';
export const RULES_FILE = 'deploy/prometheus/alerts.yml';
const CONFIG_FILE = 'deploy/prometheus/prometheus.yml';
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An alert of the rules: its `for:`, the window its expression looks back over once a fault is over, its
 * severity (critical pages) and its detection math (bench/chaos-detection.ts), by the `slo` it is asked
 * for ('' for an alert without one).
 */
export type AlertRule = {
  forSeconds: number;
  windowSeconds: number;
  severity: string;
  math: Record<string, AlertMath>;
};

/** A stall counts only once a send has waited this long on the relay (kasuwa_mail_sends_stalled). */
const STATE_DELAYS = { kasuwa_mail_sends_stalled: MAIL_STALLED_SECONDS };

/** Each objective's error budget, from the `kasuwa:slo_error_budget` records (`vector(0.005)` labelled slo). */
function readBudgets(text: string): Map<string, number> {
  const budgets = new Map<string, number>();
  for (const block of text.split(/\n(?= *- (?:alert|record): )/)) {
    if (!/^ *- record: kasuwa:slo_error_budget\b/.test(block)) continue;
    const value = /vector\(([\d.]+)\)/.exec(block)?.[1];
    const slo = /^ *slo: (\S+)/m.exec(block)?.[1];
    if (value && slo) budgets.set(slo, Number(value));
  }
  return budgets;
}

/**
 * Each alert of the rules text: `for:` (0 without one), the range (`[5m]`) or recorded ratio window
 * (`:rate5m`) of its expression it resolves within once the fault is over (0 with none), its severity
 * and its detection math.
 */
export function readRules(text: string): Map<string, AlertRule> {
  const rules = new Map<string, AlertRule>();
  const budgets = readBudgets(text);
  for (const block of text.split(/\n(?= *- (?:alert|record): )/)) {
    const name = /^ *- alert: (\S+)/.exec(block)?.[1];
    if (!name) continue;
    const forText = /^ *for: (\S+)/m.exec(block)?.[1];
    const forSeconds = forText ? seconds(forText) : 0;
    const expr = /^ *expr: ([\s\S]*?)(?=^ *(?:for|labels|annotations):)/m.exec(block)?.[1] ?? '';
    const windows = [...expr.matchAll(/\[(\w+)\]|:rate(\w+)\b/g)].map((m) => seconds(m[1] ?? m[2] ?? ''));
    // One condition or another (an `or` at the expression's own indentation) holds while either does: it
    // resolves within its longest window; anything else within its shortest.
    const lines = expr.split('\n').filter((line) => line.trim() && !/^\|[-+]?$/.test(line.trim()));
    const indent = (line: string) => line.length - line.trimStart().length;
    const either = lines.some((line) => indent(line) === indent(lines[0] ?? '') && /^\s*or\b/.test(line));
    const windowSeconds = windows.length ? (either ? Math.max(...windows) : Math.min(...windows)) : 0;
    const body = expr.replace(/^\|[-+]?\s*/, '');
    const slos = /kasuwa:slo_error_budget/.test(body) ? [...budgets.keys()] : [''];
    const math = Object.fromEntries(
      slos.map((slo) => [slo, alertMath(body, forSeconds, { budgets, slo, delays: STATE_DELAYS })]),
    );
    const severity = /^ *severity: (\S+)/m.exec(block)?.[1] ?? '';
    rules.set(name, { forSeconds, windowSeconds, severity, math });
  }
  return rules;
}

/** The shipped global scrape and evaluation intervals and the kasuwa job's scrape timeout, in seconds. */
export function readIntervals(text: string): { scrape: number; evaluation: number; scrapeTimeout: number } {
  const read = (key: string) => seconds(new RegExp(`^ {2}${key}: (\\S+)`, 'm').exec(text)?.[1] ?? '1m');
  const scrape = read('scrape_interval');
  const timeout = /^ +scrape_timeout: (\S+)/m.exec(text)?.[1];
  return {
    scrape,
    evaluation: read('evaluation_interval'),
    scrapeTimeout: timeout ? seconds(timeout) : Math.min(10, scrape),
  };
}

export type Shipped = {
  rules: Map<string, AlertRule>;
  scrape: number;
  evaluation: number;
  scrapeTimeout: number;
  rulesText: string;
};

export function readShipped(): Shipped {
  const rulesText = fs.readFileSync(RULES_FILE, 'utf8');
  return { rules: readRules(rulesText), rulesText, ...readIntervals(fs.readFileSync(CONFIG_FILE, 'utf8')) };
}

/**
 * Prometheus in `dir` on 127.0.0.1:`port`, loading the shipped rules as they are and scraping
 * `metricsPorts` (job kasuwa, as shipped) at the shipped intervals; answers once it is ready.
 */
export async function startPrometheus(
  dir: string,
  shipped: Shipped,
  metricsPorts: number[],
  port: number,
): Promise<ChildProcess> {
  if (!fs.existsSync(PROMETHEUS)) {
    throw new Error(`bench:chaos needs Prometheus (${PROMETHEUS}): sudo apt-get install -y prometheus`);
  }
  fs.writeFileSync(path.join(dir, 'alerts.yml'), shipped.rulesText);
  fs.writeFileSync(
    path.join(dir, 'prometheus.yml'),
    [
      'global:',
      `  scrape_interval: ${shipped.scrape}s`,
      `  evaluation_interval: ${shipped.evaluation}s`,
      'rule_files: [alerts.yml]',
      'scrape_configs:',
      '  - job_name: kasuwa',
      `    scrape_timeout: ${shipped.scrapeTimeout}s`,
      '    static_configs:',
      `      - targets: [${metricsPorts.map((metrics) => `'127.0.0.1:${metrics}'`).join(', ')}]`,
      '',
    ].join('\n'),
  );
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/-/ready`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return child;
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('Prometheus did not start within 30 s');
    }
    await sleep(200);
  }
}

/**
 * Every sample Prometheus scraped of the counter `metric` (each series by `instance` and `outcome`) from
 * before the traffic's start to `until` s after it: one instant query of the raw range (no interpolation),
 * tried three times. `wallStart` is the wall-clock time (ms) of the bench's zero.
 */
export async function readCounter(port: number, metric: string, wallStart: number, until: number) {
  const range = Math.ceil(until) + 60;
  const query = new URLSearchParams({
    query: `${metric}[${range}s]`,
    time: (wallStart / 1000 + until).toFixed(3),
  });
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/query?${query}`, {
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json()) as {
        data: { result: { metric: Record<string, string>; values: [number, string][] }[] };
      };
      return body.data.result.map(
        (series): CounterSeries => ({
          labels: Object.fromEntries(
            ['instance', 'outcome'].filter((key) => series.metric[key]).map((key) => [key, series.metric[key]!]),
          ),
          samples: series.values.map(([ts, value]) => ({ t: ts - wallStart / 1000, value: Number(value) })),
        }),
      );
    } catch (error) {
      if (attempt >= 3) throw error;
      await sleep(1000);
    }
  }
}

/**
 * One firing interval of one alert, in seconds from the traffic's start: `labels` keeps what tells its
 * series apart (instance, slo); `pendingAt` is when its expression first held (its `for:` ran from there).
 */
export type AlertInterval = {
  name: string;
  labels: Record<string, string>;
  pendingAt: number;
  start: number;
  end?: number;
};

const KEPT_LABELS = ['instance', 'slo'];
type ApiAlert = { labels: Record<string, string>; state: string; activeAt?: string };

/**
 * Asks Prometheus for its alerts every second (each ask bounded to 5 s) until stop() is called; `now` is
 * the bench's clock and `wallStart` the wall-clock time (ms) of its zero.
 */
export function pollAlerts(port: number, now: () => number, wallStart: number) {
  const intervals: AlertInterval[] = [];
  const open = new Map<string, AlertInterval>();
  let failedAsks = 0;
  let polling = true;
  const done = (async () => {
    while (polling) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/alerts`, { signal: AbortSignal.timeout(5000) });
        const body = (await response.json()) as { data: { alerts: ApiAlert[] } };
        const t = now();
        const firing = new Set<string>();
        for (const alert of body.data.alerts.filter((a) => a.state === 'firing')) {
          const labels = Object.fromEntries(
            KEPT_LABELS.filter((key) => alert.labels[key]).map((key) => [key, alert.labels[key]!]),
          );
          const name = alert.labels.alertname ?? '';
          const key = JSON.stringify([name, labels]);
          firing.add(key);
          if (open.has(key)) continue;
          const pendingAt = alert.activeAt ? (Date.parse(alert.activeAt) - wallStart) / 1000 : t;
          const interval: AlertInterval = { name, labels, pendingAt, start: t };
          open.set(key, interval);
          intervals.push(interval);
        }
        for (const [key, interval] of open) {
          if (firing.has(key)) continue;
          interval.end = t;
          open.delete(key);
        }
      } catch {
        failedAsks++;
      }
      await sleep(1000);
    }
  })();
  return {
    intervals,
    failedAsks: () => failedAsks,
    async stop() {
      polling = false;
      await done;
    },
  };
}
