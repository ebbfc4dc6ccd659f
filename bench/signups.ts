/**
 * Durable signups per second over HTTP: autocannon posts startSelling with a new address each time to
 * the real server (child process, SQLite WAL with synchronous=FULL, the e-mail worker writing .eml
 * files alongside). Every 2xx with success:true was committed to disk before it was answered; the
 * figure counts the rows found in the database afterwards.
 *
 *   npx tsx bench/signups.ts [seconds=10] [connections=50]     (npm run bench:signups)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { startServerChild, stopServerChild } from './server-child.js';

/** User + system CPU seconds a process has used so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-bench-'));
const server = await startServerChild({ DATA_DIR: dataDir, SIGNUP_IP_LIMIT: '1000000000' });
try {
  let n = 0;
  const cpuBefore = cpuSeconds(server.child.pid!);
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
            query: 'mutation($data: StartSellingInput!) { startSelling(data: $data) { success } }',
            variables: { data: { email: `bench${n++}@example.ng`, source: 'bench/' } },
          }),
        }),
      },
    ],
  });
  const elapsed = (Date.now() - started) / 1000;
  const cpu = cpuSeconds(server.child.pid!) - cpuBefore;
  const sqlite = new SQLite(path.join(dataDir, 'kasuwa.sqlite'), { readonly: true });
  const persisted = sqlite.prepare('SELECT count(*) FROM signups').pluck().get() as number;
  const queued = sqlite.prepare('SELECT count(*) FROM outbox').pluck().get() as number;
  sqlite.close();
  console.log(
    `${connections} connections for ${seconds} s: ${result.requests.total} requests, ${result['2xx']} answered 2xx, ${result.non2xx} other, ${result.errors} errors`,
  );
  console.log(`latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  console.log(`persisted ${persisted} signups (${queued} e-mails queued)`);
  console.log(`durable signups per second: ${Math.round(persisted / elapsed)}`);
  // The machine may be shared: the server's own CPU time per signup says what one core sustains.
  console.log(
    `server CPU ${cpu.toFixed(1)} s (${Math.round((cpu / elapsed) * 100)}% of one core): ${Math.round(persisted / cpu)} signups per CPU-second`,
  );
} finally {
  await stopServerChild(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
