/**
 * bench:chaos's Prometheus: Debian's server on the shipped deploy/prometheus/alerts.yml, unaltered, at
 * the shipped scrape and evaluation intervals; each alert's `for:` and shortest window read from the
 * rules; and Prometheus's alerts asked every second, as firing intervals by name and instance.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const PROMETHEUS = process.env.PROMETHEUS_PATH || '/usr/bin/prometheus';
export const RULES_FILE = 'deploy/prometheus/alerts.yml';
const CONFIG_FILE = 'deploy/prometheus/prometheus.yml';
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds in a Prometheus duration such as `90s`, `5m` or `1h30m`. */
export function seconds(duration: string): number {
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+)(ms|[smhdw])/g)) total += Number(n) * units[unit!]!;
  return total;
}

/** An alert of the rules: its `for:` and the window its expression looks back over once a fault is over. */
export type AlertRule = { forSeconds: number; windowSeconds: number };

/**
 * Each alert of the rules text: `for:` (0 without one), and the range (`[5m]`) or recorded ratio window
 * (`:rate5m`) of its expression it resolves within once the fault is over (0 with none).
 */
export function readRules(text: string): Map<string, AlertRule> {
  const rules = new Map<string, AlertRule>();
  for (const block of text.split(/\n(?= *- (?:alert|record): )/)) {
    const name = /^ *- alert: (\S+)/.exec(block)?.[1];
    if (!name) continue;
    const forText = /^ *for: (\S+)/m.exec(block)?.[1];
    const expr = /^ *expr: ([\s\S]*?)(?=^ *(?:for|labels|annotations):)/m.exec(block)?.[1] ?? '';
    const windows = [...expr.matchAll(/\[(\w+)\]|:rate(\w+)\b/g)].map((m) => seconds(m[1] ?? m[2] ?? ''));
    // One condition or another (an `or` at the expression's own indentation) holds while either does: it
    // resolves within its longest window; anything else within its shortest.
    const lines = expr.split('\n').filter((line) => line.trim() && !/^\|[-+]?$/.test(line.trim()));
    const indent = (line: string) => line.length - line.trimStart().length;
    const either = lines.some((line) => indent(line) === indent(lines[0] ?? '') && /^\s*or\b/.test(line));
    const windowSeconds = windows.length ? (either ? Math.max(...windows) : Math.min(...windows)) : 0;
    rules.set(name, { forSeconds: forText ? seconds(forText) : 0, windowSeconds });
  }
  return rules;
}

/** The shipped global scrape and evaluation intervals, in seconds. */
export function readIntervals(text: string): { scrape: number; evaluation: number } {
  const read = (key: string) => seconds(new RegExp(`^ {2}${key}: (\\S+)`, 'm').exec(text)?.[1] ?? '1m');
  return { scrape: read('scrape_interval'), evaluation: read('evaluation_interval') };
}

export type Shipped = { rules: Map<string, AlertRule>; scrape: number; evaluation: number; rulesText: string };

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
      `    scrape_timeout: ${Math.min(5, shipped.scrape)}s`,
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
