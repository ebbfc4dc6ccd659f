/**
 * bench:chaos's stack and its faults: a private PostgreSQL behind a relay that can go silent, a Redis of
 * its own, the SMTP sink behind a relay that can hang, two built servers behind the shipped HAProxy and
 * Prometheus; and what each fault does to them, a killed server started again as a supervisor would.
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { type Cluster, startCluster, startSmtpSink } from '../testing/server/cluster.js';
import { databaseProxy } from '../testing/server/database-proxy.js';
import { ensurePostgresBinaries, privatePostgres } from '../testing/system/private-postgres.js';
import { redisAnswers, spawnRedis } from '../testing/system/redis-server.js';
import { FAULTS, type Planned } from './chaos-faults.js';
import type { FaultRun } from './chaos-judge.js';
import { type Shipped, sleep, startPrometheus } from './chaos-prometheus.js';

/** HAProxy, the two servers, their METRICS_PORTs, Prometheus and Redis. */
export type Ports = { balancer: number; servers: number[]; metrics: number[]; prometheus: number; redis: number };
export type Cleanups = (() => Promise<unknown> | unknown)[];

/** Longer than any database fault: a server started during one waits for it rather than exiting. */
const DATABASE_START_WAIT_S = 400;
/** A restarted server that has not listened by then (its database wait included) is killed. */
const START_TIMEOUT_MS = (DATABASE_START_WAIT_S + 30) * 1000;
/** Tries to start a killed server again, 5 s apart, before the supervisor gives up. */
const START_ATTEMPTS = 3;

export async function startStack(ports: Ports, work: string, shipped: Shipped, cleanups: Cleanups) {
  const bin = ensurePostgresBinaries();
  if (!bin) throw new Error('bench:chaos needs PostgreSQL binaries: sudo apt-get install -y postgresql');
  const postgres = await privatePostgres(bin, { maxConnections: 60, fsync: true });
  cleanups.push(() => postgres.destroy());
  const proxy = await databaseProxy(postgres.url);
  cleanups.push(() => proxy.close());
  const admin = new pg.Pool({
    connectionString: postgres.url,
    max: 2,
    application_name: 'chaos',
    connectionTimeoutMillis: 5000,
    query_timeout: 10_000,
  });
  admin.on('error', () => {});
  cleanups.push(() => admin.end());

  const redis = { child: spawnRedis(ports.redis) as ChildProcess };
  cleanups.push(() => redis.child.kill('SIGKILL'));
  const redisUrl = `redis://127.0.0.1:${ports.redis}`;
  for (let i = 0; !(await redisAnswers(redisUrl)); i++) {
    if (i > 50) throw new Error(`redis-server did not answer on ${redisUrl}`);
    await sleep(100);
  }

  const smtp = await startSmtpSink();
  cleanups.push(() => smtp.close());
  // The servers reach the sink through a relay that can hang (as a hung SMTP relay does).
  const smtpRelay = await databaseProxy(smtp.url);
  cleanups.push(() => smtpRelay.close());
  // Only recipients and Message-IDs are checked: the message bodies are dropped as they come.
  const forget = setInterval(() => {
    for (const mail of smtp.received) mail.raw = '';
  }, 5000);
  cleanups.push(() => clearInterval(forget));

  const cluster: Cluster = await startCluster(
    2,
    {
      DATABASE_URL: proxy.url,
      DATABASE_START_WAIT_SECONDS: String(DATABASE_START_WAIT_S),
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '3000',
      REDIS_URL: redisUrl,
      SMTP_URL: `${smtpRelay.url}/?pool=true`,
      NODE_ENV: 'production',
      DEMO_DATA: 'on',
      TRUST_PROXY: '1',
      SIGNUP_IP_LIMIT: '1000000000',
      LOG_REQUESTS: 'off',
    },
    ports.balancer,
    undefined,
    (index) => ({ PORT: String(ports.servers[index]), METRICS_PORT: String(ports.metrics[index]) }),
  );
  cleanups.push(() => cluster.stop());
  const prometheus = await startPrometheus(work, shipped, ports.metrics, ports.prometheus);
  cleanups.push(async () => {
    prometheus.kill('SIGTERM');
    await new Promise((resolve) => (prometheus.exitCode !== null ? resolve(null) : prometheus.once('exit', resolve)));
  });
  return { postgres, proxy, admin, redis, smtp, smtpRelay, cluster, ports };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

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
