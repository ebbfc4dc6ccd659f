/**
 * `npm run bench:chaos -- --minutes N --seed S`: traffic through HAProxy on the built product while
 * seeded overlapping faults hit PostgreSQL, Redis, SMTP and the servers, and a real Prometheus evaluates
 * the shipped alert rules. This file composes the workload (chaos-workload.ts), the nemesis
 * (chaos-nemesis.ts), the checker (chaos-checker.ts) and the judge's report. docs/benchmarks.md#chaos.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DRAIN_S, startChecker } from './chaos-checker.js';
import type { Planned } from './chaos-faults.js';
import { MAIL_COUNTER } from './chaos-judge.js';
import { faultInjector, planFaults, printPlan } from './chaos-nemesis.js';
import { pollAlerts, readCounter, readShipped, type Shipped, sleep } from './chaos-prometheus.js';
import { writeReport } from './chaos-report.js';
import { type Cleanups, type Ports, startStack } from './chaos-stack.js';
import { demoDomains, RECOVER_MS, recoveredServers, startWorkload, type Workload } from './chaos-workload.js';
import { loadAverage } from './host-load.js';

const OUT = path.resolve('test-results/chaos');
/** The whole run's deadline beyond the traffic and the checks after it: the stack's start and its stop. */
const SLACK_S = 600;

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** The run from the command line: --minutes (30), --seed (random) and --rate (12 requests/s). */
function workloadFromArgs(): Workload {
  const minutes = flag('minutes', 30);
  const seed = Math.floor(flag('seed', 1 + Math.floor(Math.random() * 2 ** 31)));
  /** Requests per second through HAProxy: a tenth signups, half lookups, the rest page or bundle views. */
  const rate = flag('rate', 12);
  return { seed, minutes, rate };
}

/** CHAOS_PORT (default 4250) and the next six: HAProxy, the two servers, their METRICS_PORTs, Prometheus, Redis. */
function portsFromEnv(): Ports {
  const basePort = Number(process.env.CHAOS_PORT || 4250);
  return {
    balancer: basePort,
    servers: [basePort + 1, basePort + 2],
    metrics: [basePort + 3, basePort + 4],
    prometheus: basePort + 5,
    redis: basePort + 6,
  };
}

function printRun({ seed, minutes, rate }: Workload, shipped: Shipped) {
  console.log(`[chaos] seed ${seed}, ${minutes} min, ${rate} requests/s, load average ${loadAverage()}`);
  console.log(`[chaos] replay: npm run bench:chaos -- --minutes ${minutes} --seed ${seed}`);
  console.log(
    `[chaos] Prometheus: deploy/prometheus/alerts.yml as shipped, scraped every ${shipped.scrape} s, evaluated every ${shipped.evaluation} s`,
  );
}

/** One run: the stack, then the workload, the alerts watched and the faults together, then the checks; the failures. */
async function bench(run: Workload, ports: Ports, plan: Planned[], shipped: Shipped, work: string, cleanups: Cleanups) {
  const loadStart = loadAverage();
  const stack = await startStack(ports, work, shipped, cleanups);
  const domains = await demoDomains(stack);
  const checker = startChecker(stack, run.seed);

  const wallStart = Date.now();
  const started = performance.now();
  const now = () => (performance.now() - started) / 1000;
  const workload = startWorkload(stack, run, domains, now);
  const alerts = pollAlerts(ports.prometheus, now, wallStart);
  const nemesis = faultInjector(stack, now);
  const runs = await nemesis.run(plan);
  const trafficEnd = await workload.finish();
  await alerts.stop();
  const mailCounters = await readCounter(ports.prometheus, MAIL_COUNTER, wallStart, trafficEnd).catch((error) => {
    console.log(`[chaos] could not read ${MAIL_COUNTER} from Prometheus: ${error}`);
    return [];
  });
  const { traffic } = workload;
  console.log(`[chaos] traffic stopped at ${trafficEnd.toFixed(0)} s; ${traffic.samples.length} requests`);

  const recovered = await recoveredServers(stack, run.seed, traffic.acknowledged);
  const evidence = await checker.collect();
  return writeReport(
    {
      ...run,
      loadStart,
      loadEnd: evidence.loadEnd,
      plan,
      runs,
      downtime: nemesis.downtime,
      samples: traffic.samples,
      mailCounters,
      trafficEnd,
      intervals: alerts.intervals,
      failedAsks: alerts.failedAsks(),
      rules: shipped.rules,
      scrape: shipped.scrape,
      evaluation: shipped.evaluation,
      scrapeTimeout: shipped.scrapeTimeout,
      instances: ports.metrics.map((port) => `127.0.0.1:${port}`),
      acknowledged: traffic.acknowledged,
      refused: Object.fromEntries(traffic.refused),
      stored: evidence.stored,
      received: evidence.received,
      unsent: evidence.unsent,
      rss: evidence.rss,
      serversAlive: evidence.serversAlive,
      recovered,
      failedStarts: nemesis.failedStarts,
    },
    OUT,
  );
}

/** `work`, rejected with a message once `seconds` have passed. */
async function withDeadline<T>(work: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`bench:chaos ran past its deadline of ${seconds} s: stopped`)),
      seconds * 1000,
    );
  });
  try {
    return await Promise.race([work, overdue]);
  } finally {
    clearTimeout(timer);
  }
}

/** Undoes the stack's parts, last first, each given up to 30 s. */
async function cleanUp(cleanups: Cleanups) {
  for (const cleanup of cleanups.reverse()) {
    await Promise.race([Promise.resolve().then(cleanup), sleep(30_000)]).catch(() => {});
  }
}

async function main(): Promise<number> {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('run `npm run build` first');
  const run = workloadFromArgs();
  const ports = portsFromEnv();
  const shipped = readShipped();
  const plan = planFaults(run.seed, run.minutes, shipped);
  printRun(run, shipped);
  printPlan(plan, shipped);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-chaos-'));
  const cleanups: Cleanups = [];
  const limitS = run.minutes * 60 + (ports.servers.length * RECOVER_MS) / 1000 + DRAIN_S + SLACK_S;
  try {
    const failures = await withDeadline(bench(run, ports, plan, shipped, work, cleanups), limitS);
    console.log(`[chaos] load average at the end ${loadAverage()}`);
    if (failures.length) console.log(`[chaos] FAILED: ${failures.join('; ')}`);
    else console.log('[chaos] passed');
    return failures.length ? 1 : 0;
  } finally {
    await cleanUp(cleanups);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
