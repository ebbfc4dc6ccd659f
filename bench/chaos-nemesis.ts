/**
 * bench:chaos's nemesis: the run's seeded schedule of overlapping faults (bench/chaos-faults.ts), printed
 * with the alerts each must fire and their deadlines, and what each fault does to the stack, each at its
 * time whatever the others do; a killed server is started again as a supervisor would.
 */
import { spawnRedis } from '../testing/system/redis-server.js';
import { FAULTS, type FaultKind, type Planned, schedule } from './chaos-faults.js';
import { type FaultRun, settleTime } from './chaos-judge.js';
import { type Shipped, sleep } from './chaos-prometheus.js';
import { DATABASE_START_WAIT_S, type Stack } from './chaos-stack.js';

/** A restarted server that has not listened by then (its database wait included) is killed. */
const START_TIMEOUT_MS = (DATABASE_START_WAIT_S + 30) * 1000;
/** Tries to start a killed server again, 5 s apart, before the supervisor gives up. */
const START_ATTEMPTS = 3;

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

/** The faults of a run of `minutes` from `seed`, each far enough from the next for its alerts to settle. */
export const planFaults = (seed: number, minutes: number, shipped: Shipped): Planned[] =>
  schedule(seed, minutes * 60, settleOf(shipped));

/**
 * The schedule as the log shows it: each fault's start, length, and the alerts it expects with their
 * `for:` (each deadline is computed after the run from the traffic sent: bench/chaos-detection.ts).
 */
export function printPlan(plan: Planned[], shipped: Shipped) {
  console.log('[chaos] schedule (expected alerts and their for:; deadlines are computed from the traffic):');
  for (const item of plan) {
    const which = item.kind === 'server-kill' ? ` (app${item.server + 1})` : '';
    const expects = FAULTS[item.kind].expects.map((e) => {
      const rule = shipped.rules.get(e.alert);
      return `${e.alert} ${rule ? `for ${rule.forSeconds} s` : 'NOT IN THE RULES'}`;
    });
    console.log(
      `  ${String(item.at).padStart(5)} s  ${FAULTS[item.kind].label}${which}, ${item.seconds} s: ${expects.join(', ')}`,
    );
  }
}

/** Runs planned faults on `stack`; `now` is the bench's clock. */
export function faultInjector(stack: Stack, now: () => number) {
  const { postgres, proxy, admin, redis, smtp, smtpRelay, cluster, ports } = stack;
  const downtime: { server: number; from: number; to: number }[] = [];
  const failedStarts: string[] = [];
  const log = (text: string) => console.log(`[chaos] ${now().toFixed(0)} s  ${text}`);

  /** SIGKILLs a server, keeps it down `seconds`, then starts it again, 5 s apart up to START_ATTEMPTS. */
  async function killAndRestart(server: number, seconds: number) {
    const victim = cluster.servers[server]!;
    const record = { server, from: now(), to: Number.NaN };
    downtime.push(record);
    victim.child.kill('SIGKILL');
    await Promise.race([victim.exited, sleep(10_000)]);
    await sleep(seconds * 1000);
    for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
      try {
        await cluster.restart(server, START_TIMEOUT_MS);
        record.to = now();
        log(`app${server + 1} started again`);
        return;
      } catch (error) {
        failedStarts.push(`app${server + 1} at ${now().toFixed(0)} s: ${(error as Error).message}`);
        if (attempt < START_ATTEMPTS) await sleep(5000);
      }
    }
    record.to = now();
    log(`app${server + 1} did not start in ${START_ATTEMPTS} attempts: left down`);
  }

  const terminate = () =>
    admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND application_name <> 'chaos'",
    );

  async function inject(item: Planned): Promise<void> {
    const ms = item.seconds * 1000;
    switch (item.kind) {
      case 'pg-terminate':
        for (let at = 0; at <= item.seconds; at += 30) {
          if (at > 0) await sleep(30_000);
          await terminate();
        }
        return;
      case 'pg-stop':
        await postgres.stop('fast');
        await sleep(ms);
        await postgres.start();
        return;
      case 'pg-silent':
        proxy.silence();
        await sleep(ms);
        await proxy.relay();
        return;
      case 'redis-kill':
        redis.child.kill('SIGKILL');
        await sleep(ms);
        redis.child = spawnRedis(ports.redis);
        return;
      case 'redis-freeze':
        redis.child.kill('SIGSTOP');
        await sleep(ms);
        redis.child.kill('SIGCONT');
        return;
      case 'smtp-hang':
        smtpRelay.hang();
        await sleep(ms);
        await smtpRelay.relay();
        return;
      case 'smtp-451':
        smtp.options.refuse = 451;
        await sleep(ms);
        smtp.options.refuse = undefined;
        return;
      // 421 (closing) and 550 (sender refused) to MAIL FROM are the relay's own refusals: each send retried.
      case 'smtp-421':
      case 'smtp-550':
        smtp.options.refuseMailFrom = item.kind === 'smtp-421' ? 421 : 550;
        await sleep(ms);
        smtp.options.refuseMailFrom = undefined;
        return;
      case 'server-kill':
        await killAndRestart(item.server, item.seconds);
        return;
    }
  }

  /** Runs `plan` on schedule, each fault at its time whatever the others do; resolves once all ended. */
  async function run(plan: Planned[]): Promise<FaultRun[]> {
    const runs: FaultRun[] = [];
    await Promise.all(
      plan.map(async (item) => {
        const wait = item.at - now();
        if (wait > 0) await sleep(wait * 1000);
        const which = item.kind === 'server-kill' ? ` (app${item.server + 1})` : '';
        const run: FaultRun = { ...item, label: FAULTS[item.kind].label, start: now(), end: Number.NaN };
        runs.push(run);
        log(`${run.label}${which}, ${item.seconds} s`);
        try {
          await inject(item);
        } finally {
          run.end = now();
          log(`${run.label}${which} over`);
        }
      }),
    );
    return runs.sort((a, b) => a.start - b.start);
  }

  return { run, downtime, failedStarts };
}
