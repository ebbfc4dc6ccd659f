/**
 * `npm run bench:chaos -- --minutes N --seed S`: traffic through HAProxy on the built product while a
 * seeded schedule of overlapping faults (bench/chaos-faults.ts) hits PostgreSQL, Redis, SMTP and the
 * servers, and a real Prometheus evaluates the shipped alert rules as they are; the verdicts in
 * bench/chaos-judge.ts, the output in bench/chaos-report.ts. docs/benchmarks.md#chaos.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rssKb } from '../testing/server/cluster.js';
import { FAULTS, type FaultKind, type Planned, schedule } from './chaos-faults.js';
import { fireDeadline, settleTime } from './chaos-judge.js';
import { pollAlerts, readShipped, type Shipped, sleep } from './chaos-prometheus.js';
import { type ChaosReport, writeReport } from './chaos-report.js';
import { type Cleanups, faultInjector, type Ports, type Stack, startStack } from './chaos-stack.js';
import { signUp, startTraffic } from './chaos-traffic.js';

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const minutes = flag('minutes', 30);
const seed = Math.floor(flag('seed', 1 + Math.floor(Math.random() * 2 ** 31)));
/** Requests per second through HAProxy: a tenth signups, half lookups, the rest page or bundle views. */
const rate = flag('rate', 12);
/** Ports (CHAOS_PORT and the next six): HAProxy, the two servers, their METRICS_PORTs, Prometheus, Redis. */
const basePort = Number(process.env.CHAOS_PORT || 4250);
const ports: Ports = {
  balancer: basePort,
  servers: [basePort + 1, basePort + 2],
  metrics: [basePort + 3, basePort + 4],
  prometheus: basePort + 5,
  redis: basePort + 6,
};
const OUT = path.resolve('test-results/chaos');
/** After the traffic: each server asked directly for a signup for up to this long. */
const RECOVER_MS = 30_000;
/** After the traffic: the outbox drained for up to this long (a retry after a relay fault waits minutes). */
const DRAIN_S = 420;
/** The whole run's deadline beyond the traffic and the checks after it: the stack's start and its stop. */
const SLACK_S = 600;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Seconds after a fault's end before every alert it expects must have resolved. */
function settleOf(shipped: Shipped) {
  return (kind: FaultKind) =>
    Math.max(
      0,
      ...FAULTS[kind].expects.map((e) => {
        const rule = shipped.rules.get(e.alert);
        return rule ? settleTime(rule, shipped.scrape) : 0;
      }),
    );
}

function printPlan(plan: Planned[], shipped: Shipped) {
  console.log(`[chaos] seed ${seed}, ${minutes} min, ${rate} requests/s, load average ${load()}`);
  console.log(`[chaos] replay: npm run bench:chaos -- --minutes ${minutes} --seed ${seed}`);
  console.log(
    `[chaos] Prometheus: deploy/prometheus/alerts.yml as shipped, scraped every ${shipped.scrape} s, evaluated every ${shipped.evaluation} s`,
  );
  console.log('[chaos] schedule (expected alerts and their deadline after the start):');
  for (const item of plan) {
    const which = item.kind === 'server-kill' ? ` (app${item.server + 1})` : '';
    const expects = FAULTS[item.kind].expects.map((e) => {
      const rule = shipped.rules.get(e.alert);
      return `${e.alert} ${rule ? `${fireDeadline(rule, shipped.scrape)} s` : 'NOT IN THE RULES'}`;
    });
    console.log(
      `  ${String(item.at).padStart(5)} s  ${FAULTS[item.kind].label}${which}, ${item.seconds} s: ${expects.join(', ')}`,
    );
  }
}

/** Whether each server, asked directly, accepts a signup within RECOVER_MS; accepted addresses go in `acknowledged`. */
async function recoveredServers(stack: Stack, acknowledged: string[]): Promise<boolean[]> {
  const recovered: boolean[] = [];
  for (const [i, server] of stack.cluster.servers.entries()) {
    const email = `chaos-${seed}-after-${i}@example.ng`;
    let accepted = false;
    for (const deadline = Date.now() + RECOVER_MS; !accepted && Date.now() < deadline; ) {
      accepted = await signUp(server.base, email).then(
        (answer) => answer.ok,
        () => false,
      );
      if (!accepted) await sleep(1000);
    }
    if (accepted) acknowledged.push(email);
    recovered.push(accepted);
  }
  return recovered;
}

/** Waits up to DRAIN_S for the outbox to have nothing left to send. */
async function drainOutbox(stack: Stack) {
  const until = Date.now() + DRAIN_S * 1000;
  while (Date.now() < until) {
    const { rows } = await stack.admin
      .query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE status <> 'sent'")
      .catch(() => ({ rows: [] as { n: string }[] }));
    if (rows[0] && Number(rows[0].n) === 0) return;
    await sleep(2000);
  }
}

async function bench(plan: Planned[], shipped: Shipped, work: string, cleanups: Cleanups): Promise<string[]> {
  const loadStart = load();
  const stack = await startStack(ports, work, shipped, cleanups);
  const { admin, cluster } = stack;
  const { rows: storeRows } = await admin.query<{ domain: string }>(
    'SELECT domain FROM stores WHERE opted_in LIMIT 200',
  );
  const domains = storeRows.map((row) => row.domain);
  if (domains.length === 0) throw new Error('no demo stores to look up');
  const rssStart = cluster.servers.map((server) => rssKb(server.child.pid));

  const wallStart = Date.now();
  const started = performance.now();
  const now = () => (performance.now() - started) / 1000;
  const traffic = startTraffic(cluster.base, rate, seed, domains, now);
  const alerts = pollAlerts(ports.prometheus, now, wallStart);
  const faults = faultInjector(stack, now);
  const runs = await faults.run(plan);
  const untilEnd = minutes * 60 - now();
  if (untilEnd > 0) await sleep(untilEnd * 1000);
  await traffic.stop();
  const trafficEnd = now();
  await alerts.stop();
  console.log(`[chaos] traffic stopped at ${trafficEnd.toFixed(0)} s; ${traffic.samples.length} requests`);

  const recovered = await recoveredServers(stack, traffic.acknowledged);
  await drainOutbox(stack);
  const rssEnd = cluster.servers.map((server) => rssKb(server.child.pid));
  const { rows: stored } = await admin.query<{ email: string }>('SELECT email FROM signups WHERE email LIKE $1', [
    `chaos-${seed}-%`,
  ]);
  const { rows: unsent } = await admin.query<{ status: string; n: string }>(
    "SELECT status, count(*) AS n FROM outbox WHERE status <> 'sent' GROUP BY status",
  );
  const report: ChaosReport = {
    seed,
    minutes,
    rate,
    loadStart,
    loadEnd: load(),
    plan,
    runs,
    downtime: faults.downtime,
    samples: traffic.samples,
    trafficEnd,
    intervals: alerts.intervals,
    failedAsks: alerts.failedAsks(),
    rules: shipped.rules,
    scrape: shipped.scrape,
    evaluation: shipped.evaluation,
    instances: ports.metrics.map((port) => `127.0.0.1:${port}`),
    acknowledged: traffic.acknowledged,
    refused: Object.fromEntries(traffic.refused),
    stored: stored.map((row) => row.email),
    received: stack.smtp.received.map((mail) => ({ to: mail.to, messageId: mail.messageId })),
    unsent: Object.fromEntries(unsent.map((row) => [row.status, Number(row.n)])),
    rss: cluster.servers.map((server, i) => ({ name: server.name, startKb: rssStart[i] ?? 0, endKb: rssEnd[i] ?? 0 })),
    serversAlive: cluster.servers.map((server) => server.child.exitCode === null && server.child.signalCode === null),
    recovered,
    failedStarts: faults.failedStarts,
  };
  return writeReport(report, OUT);
}

async function main(): Promise<number> {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('run `npm run build` first');
  const shipped = readShipped();
  const plan = schedule(seed, minutes * 60, settleOf(shipped));
  printPlan(plan, shipped);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-chaos-'));
  const cleanups: Cleanups = [];
  const limitS = minutes * 60 + (ports.servers.length * RECOVER_MS) / 1000 + DRAIN_S + SLACK_S;
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`bench:chaos ran past its deadline of ${limitS} s: stopped`)),
      limitS * 1000,
    );
  });
  try {
    const failures = await Promise.race([bench(plan, shipped, work, cleanups), overdue]);
    console.log(`[chaos] load average at the end ${load()}`);
    if (failures.length) console.log(`[chaos] FAILED: ${failures.join('; ')}`);
    else console.log('[chaos] passed');
    return failures.length ? 1 : 0;
  } finally {
    clearTimeout(timer);
    for (const cleanup of cleanups.reverse()) {
      await Promise.race([Promise.resolve().then(cleanup), sleep(30_000)]).catch(() => {});
    }
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
