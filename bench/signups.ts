/**
 * Durable signups per second over HTTP against the real server (a child process, or several built
 * servers behind HAProxy), counted from the rows in the database afterwards (docs/signups.md).
 * Usage and flags: docs/benchmarks.md#signups
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { Backend } from '../server/db/database.js';
import { startCluster, startSmtpSink } from '../testing/server/cluster.js';
import { countRows, DEFAULT_POSTGRES_ADMIN_URL, scratchDatabase } from '../testing/server/scratch-database.js';
import { START_SELLING } from '../testing/server/start-selling.js';
import { startServerChild, stopServerChild } from './server-child.js';

/** User + system CPU seconds a process has used so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    servers: { type: 'string' },
  },
});
const serverCounts = values.servers?.split(',').map(Number) ?? [];
if (serverCounts.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error('--servers takes counts such as 1,2');
  process.exit(2);
}
if (!['sqlite', 'postgres', 'both'].includes(values.db)) {
  console.error('--db must be sqlite, postgres or both');
  process.exit(2);
}
const backends: Backend[] = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db as Backend];
const seconds = Number(values.seconds);
const connections = Number(values.connections);

type Row = {
  /** The backend, or how many servers behind the balancer. */
  backend: string;
  answered: number;
  other: number;
  errors: number;
  p50: number;
  p99: number;
  persisted: number;
  queued: number;
  perSecond: number;
  cpu: number;
  perCpuSecond: number;
};

type Target = { base: string; pids: number[]; stop(): Promise<void> };

/** One server as a child process (tsx), straight on the database. */
async function oneServer(env: Record<string, string>): Promise<Target> {
  const server = await startServerChild(env);
  return { base: server.base, pids: [server.child.pid!], stop: () => stopServerChild(server) };
}

/** `count` built servers behind HAProxy, e-mail over SMTP to a sink here. */
async function serversBehindBalancer(count: number, env: Record<string, string>): Promise<Target> {
  const smtp = await startSmtpSink();
  try {
    const cluster = await startCluster(count, {
      ...env,
      SMTP_URL: `${smtp.url}/?pool=true`,
      NODE_ENV: 'production',
      DEMO_DATA: 'off',
      TRUST_PROXY: '1',
      LOG_REQUESTS: 'off',
    });
    return {
      base: cluster.base,
      pids: cluster.servers.map((server) => server.child.pid!),
      stop: async () => {
        await cluster.stop();
        await smtp.close();
      },
    };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

async function run(backend: Backend, behindBalancer?: number): Promise<Row> {
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_ADMIN_URL;
  const database = await scratchDatabase(backend, adminUrl, 'kasuwa_bench');
  const env = { ...database.env, SIGNUP_IP_LIMIT: '1000000000' };
  const server = behindBalancer ? await serversBehindBalancer(behindBalancer, env) : await oneServer(env);
  try {
    let n = 0;
    const serverCpu = () => server.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const cpuBefore = serverCpu();
    const started = Date.now();
    const result = await autocannon({
      url: server.base,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              query: START_SELLING,
              variables: { data: { email: `bench${n++}@example.ng`, source: 'bench/' } },
            }),
          }),
        },
      ],
    });
    const elapsed = (Date.now() - started) / 1000;
    const cpu = serverCpu() - cpuBefore;
    const count = (table: 'signups' | 'outbox') => countRows(database.opened.db, table);
    const persisted = await count('signups');
    return {
      backend: behindBalancer
        ? `${behindBalancer} server${behindBalancer > 1 ? 's' : ''} behind HAProxy (postgres)`
        : backend,
      answered: result['2xx'],
      other: result.non2xx,
      errors: result.errors,
      p50: result.latency.p50,
      p99: result.latency.p99,
      persisted,
      queued: await count('outbox'),
      perSecond: Math.round(persisted / elapsed),
      cpu,
      perCpuSecond: Math.round(persisted / cpu),
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}

const rows: Row[] = [];
if (serverCounts.length) for (const count of serverCounts) rows.push(await run('postgres', count));
else for (const backend of backends) rows.push(await run(backend));
console.log(`${connections} connections for ${seconds} s each, one new address per request`);
console.log(
  `${'backend'.padEnd(serverCounts.length ? 36 : 8)}  durable/s  persisted  e-mails queued  answered 2xx  other  errors  p50 ms  p99 ms  server CPU (one core)  per CPU-second`,
);
for (const row of rows) {
  console.log(
    [
      row.backend.padEnd(serverCounts.length ? 36 : 8),
      String(row.perSecond).padStart(10),
      String(row.persisted).padStart(10),
      String(row.queued).padStart(15),
      String(row.answered).padStart(13),
      String(row.other).padStart(6),
      String(row.errors).padStart(7),
      String(row.p50).padStart(7),
      String(row.p99).padStart(7),
      `${row.cpu.toFixed(1)} s (${Math.round((row.cpu / seconds) * 100)}%)`.padStart(22),
      String(row.perCpuSecond).padStart(15),
    ].join(' '),
  );
}
