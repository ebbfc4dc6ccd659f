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

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-bench-'));
const server = await startServerChild({ DATA_DIR: dataDir, SIGNUP_IP_LIMIT: '1000000000' });
try {
  let n = 0;
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
} finally {
  await stopServerChild(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
