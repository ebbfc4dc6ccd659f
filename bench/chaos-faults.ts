/**
 * bench:chaos's faults: what each does and the alert it must raise, the seeded schedule, and the
 * Prometheus that evaluates the shipped rules (with the bench's short durations). docs/benchmarks.md#chaos.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../server/demo-data.js';

const PROMETHEUS = process.env.PROMETHEUS_PATH || '/usr/bin/prometheus';
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type FaultKind =
  | 'pg-terminate'
  | 'pg-stop'
  | 'pg-silent'
  | 'redis-kill'
  | 'redis-freeze'
  | 'smtp-hang'
  | 'smtp-451'
  | 'server-kill';

/** Each fault, how long it lasts, and the alert an operator must get for it. */
export const FAULTS: Record<FaultKind, { label: string; seconds: number; alert: string }> = {
  'pg-terminate': { label: 'every PostgreSQL session terminated', seconds: 0, alert: 'KasuwaDatabaseSessionsLost' },
  'pg-stop': { label: 'PostgreSQL stopped 15 s', seconds: 15, alert: 'KasuwaDatabaseDown' },
  'pg-silent': { label: 'PostgreSQL silent 10 s', seconds: 10, alert: 'KasuwaDatabaseDown' },
  'redis-kill': { label: 'Redis killed 10 s', seconds: 10, alert: 'KasuwaRedisDown' },
  'redis-freeze': { label: 'Redis frozen (SIGSTOP) 10 s', seconds: 10, alert: 'KasuwaRedisDown' },
  'smtp-hang': { label: 'SMTP relay hung 30 s', seconds: 30, alert: 'KasuwaMailSendFailures' },
  'smtp-451': { label: 'SMTP relay answering 451 for 30 s', seconds: 30, alert: 'KasuwaMailSendFailures' },
  'server-kill': { label: 'a server SIGKILLed, started 5 s later', seconds: 5, alert: 'KasuwaServerDown' },
};
const KINDS = Object.keys(FAULTS) as FaultKind[];

export type Planned = { at: number; kind: FaultKind; server: number; restart?: { server: number; after: number } };

/**
 * A fault every 60–90 s from the first minute on, the last ending a minute before the traffic stops;
 * every kind once (in a seeded order) before any repeats; a quarter of the others overlap a restart of
 * a server, SIGKILLed a few seconds into the fault.
 */
export function schedule(seedValue: number, totalSeconds: number): Planned[] {
  const next = seededRandom(seedValue); // the same seed, the same schedule
  const order = [...KINDS].sort(() => next() - 0.5);
  const plan: Planned[] = [];
  for (let at = 60; at + 30 + 60 <= totalSeconds; at += 60 + Math.floor(next() * 31)) {
    const kind = order[plan.length] ?? KINDS[Math.floor(next() * KINDS.length)]!;
    const item: Planned = { at, kind, server: Math.floor(next() * 2) };
    if (kind !== 'server-kill' && next() < 0.25) {
      item.restart = {
        server: Math.floor(next() * 2),
        after: 1 + Math.floor(next() * Math.max(1, FAULTS[kind].seconds - 4)),
      };
    }
    plan.push(item);
  }
  return plan;
}

/** The rules as shipped, with every `for:` at 0 s and 5-minute windows at 20 s: the faults last 0–30 s. */
export function benchRules(shipped: string): string {
  return shipped.replace(/^(\s*)for: \S+$/gm, '$1for: 0s').replaceAll('[5m]', '[20s]');
}

/**
 * Debian's Prometheus in `dir`, on 127.0.0.1:`port`, scraping `metricsPorts` every 5 s and evaluating
 * benchRules() every second; answers once it is ready.
 */
export async function startPrometheus(dir: string, metricsPorts: number[], port: number): Promise<ChildProcess> {
  if (!fs.existsSync(PROMETHEUS)) {
    throw new Error(`bench:chaos needs Prometheus (${PROMETHEUS}): sudo apt-get install -y prometheus`);
  }
  fs.writeFileSync(path.join(dir, 'alerts.yml'), benchRules(fs.readFileSync('deploy/prometheus/alerts.yml', 'utf8')));
  fs.writeFileSync(
    path.join(dir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 5s',
      '  scrape_timeout: 4s',
      '  evaluation_interval: 1s',
      'rule_files: [alerts.yml]',
      'scrape_configs:',
      '  - job_name: kasuwa',
      '    static_configs:',
      `      - targets: [${metricsPorts.map((port) => `'127.0.0.1:${port}'`).join(', ')}]`,
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
      if ((await fetch(`http://127.0.0.1:${port}/-/ready`)).ok) return child;
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('Prometheus did not start within 30 s');
    await sleep(200);
  }
}
