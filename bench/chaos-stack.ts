/**
 * bench:chaos's stack: a private PostgreSQL behind a relay that can go silent, a Redis of its own, the
 * SMTP sink behind a relay that can hang, two built servers behind the shipped HAProxy, and Prometheus.
 * What a fault does to each part is the nemesis's (bench/chaos-nemesis.ts).
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { type Cluster, startCluster, startSmtpSink } from '../testing/server/cluster.js';
import { databaseProxy } from '../testing/server/database-proxy.js';
import { ensurePostgresBinaries, privatePostgres } from '../testing/system/private-postgres.js';
import { redisAnswers, spawnRedis } from '../testing/system/redis-server.js';
import { type Shipped, sleep, startPrometheus } from './chaos-prometheus.js';

/** HAProxy, the two servers, their METRICS_PORTs, Prometheus and Redis. */
export type Ports = { balancer: number; servers: number[]; metrics: number[]; prometheus: number; redis: number };
export type Cleanups = (() => Promise<unknown> | unknown)[];

/** Longer than any database fault: a server started during one waits for it rather than exiting. */
export const DATABASE_START_WAIT_S = 400;

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
