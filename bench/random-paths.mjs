#!/usr/bin/env node
/**
 * The server's RSS before and after 100,000 requests for random unknown paths (each answered 404), to
 * show that what the static-file layer remembers stays bounded. Runs against dist/ (build first).
 * Usage: node bench/random-paths.mjs [--requests N] [--port P]   (defaults 100000, 4301)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltServer } from '../scripts/with-server.mjs';

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
const option = (name, fallback) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const requests = option('--requests', 100_000);
const port = option('--port', 4301);
const CONNECTIONS = 32;

const server = await startBuiltServer(port, { DEMO_DATA: 'off', LOG_REQUESTS: 'off' });
/** Resident set size of the server process, in MB (Linux /proc). */
const rssMb = () => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));
try {
  // Warm up with the same kind of traffic, so the figure is growth, not the first JIT and buffers.
  let next = 0;
  const statuses = new Map();
  const send = async (count) => {
    const stop = next + count;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < stop) {
          next += 1;
          let status = 'error';
          try {
            const response = await fetch(`${server.base}/${crypto.randomBytes(12).toString('hex')}`);
            await response.arrayBuffer();
            status = String(response.status);
          } catch {
            // A keep-alive connection the server closed under us (it asks clients to reconnect
            // every 10,000 requests): counted, not fatal.
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
  };
  await send(2_000);
  await settle();
  const before = rssMb();
  await send(requests);
  const after = rssMb();
  await settle();
  const settled = rssMb();
  console.log(
    `${requests.toLocaleString('en')} random paths (statuses ${JSON.stringify(Object.fromEntries(statuses))}): ` +
      `RSS ${before} MB before, ${after} MB right after, ${settled} MB 3 s later`,
  );
} finally {
  server.stop();
}
