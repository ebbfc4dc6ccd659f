/** Starting the server as an operator does (`node server/main.ts` through tsx), when something it needs is missing. */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SOURCE_NODE_ARGS } from '../scripts/source-node.mjs';

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const environment = (dir: string, env: Record<string, string>) => ({
  ...process.env,
  NODE_ENV: 'test',
  PORT: '0',
  DATA_DIR: dir,
  SITE_PAGES: 'site/page-renderers.ts',
  SINGLE_SERVER: 'on',
  ...env,
});

function start(env: Record<string, string>, dir?: string) {
  dataDir = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-startup-'));
  return spawnSync(process.execPath, [...SOURCE_NODE_ARGS, 'server/main.ts'], {
    env: environment(dataDir, env),
    encoding: 'utf8',
    timeout: 30_000,
  });
}

/** Starts the server on `dir` until it listens, then ends it (SIGTERM); the lines it logged. */
async function startAndStop(dir: string): Promise<string> {
  const child = spawn(process.execPath, [...SOURCE_NODE_ARGS, 'server/main.ts'], { env: environment(dir, {}) });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('"msg":"listening"')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${output}`)));
  });
  child.kill('SIGTERM');
  await exited;
  return output;
}

it('given PostgreSQL not answering at DATABASE_URL and DATABASE_START_WAIT_SECONDS=0 should say so in one line and exit 1', () => {
  // Port 9 (discard) refuses connections on loopback.
  const result = start({ DATABASE_URL: 'postgres://kasuwa@127.0.0.1:9/kasuwa', DATABASE_START_WAIT_SECONDS: '0' });
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    'Cannot reach PostgreSQL kasuwa@127.0.0.1:9/kasuwa (ECONNREFUSED): start PostgreSQL or correct DATABASE_URL, then start again.',
  ]);
});

it('given PostgreSQL not answering for longer than DATABASE_START_WAIT_SECONDS should say it waits in one line, try again, then give up with exit 1, leaving nothing open that keeps the process alive', () => {
  const result = start({ DATABASE_URL: 'postgres://kasuwa@127.0.0.1:9/kasuwa', DATABASE_START_WAIT_SECONDS: '5' });
  // Ended by itself (the main loop returns with exitCode 1): a pool or timer left open would keep it
  // running until spawnSync's 30 s timeout kills it (status null).
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    'Waiting for PostgreSQL kasuwa@127.0.0.1:9/kasuwa (ECONNREFUSED): trying again every 2 s for up to 5 s (DATABASE_START_WAIT_SECONDS).',
    'Cannot reach PostgreSQL kasuwa@127.0.0.1:9/kasuwa (ECONNREFUSED) for 5 s (DATABASE_START_WAIT_SECONDS): start PostgreSQL or correct DATABASE_URL, then start again.',
  ]);
});

it('given a host at DATABASE_URL that accepts connections and never answers should give up after DATABASE_CONNECT_TIMEOUT_MS and say so in one line', async () => {
  // The kernel completes the connection (the listen backlog) while this process waits for the child.
  const silent = net.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  try {
    const result = start({
      DATABASE_URL: `postgres://kasuwa@127.0.0.1:${port}/kasuwa`,
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_START_WAIT_SECONDS: '0',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `Cannot reach PostgreSQL kasuwa@127.0.0.1:${port}/kasuwa (timed out): start PostgreSQL or correct DATABASE_URL, then start again.`,
    ]);
  } finally {
    silent.close();
  }
});

it('given a DATA_DIR an earlier start used whose database file was deleted should refuse in one line, and start afresh once DATA_DIR is moved aside', async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-startup-'));
  const file = path.join(dataDir, 'kasuwa.sqlite');
  // A first start on an empty DATA_DIR creates the database (with the demo stores).
  expect(await startAndStop(dataDir)).toContain('"msg":"demo data loaded"');
  expect(fs.existsSync(file)).toBe(true);

  for (const name of fs.readdirSync(dataDir)) if (name.startsWith('kasuwa.sqlite')) fs.rmSync(path.join(dataDir, name));
  const refused = start({}, dataDir);
  expect(refused.status).toBe(1);
  expect(refused.stderr.trim().split('\n')).toEqual([
    `Refusing to start: the database file ${file} is missing, but an earlier start left ${path.join(dataDir, 'ip-hash.salt')}: restore the file from a backup, or to start with a new empty database on purpose move those aside (or all of DATA_DIR) and start again.`,
  ]);
  expect(fs.existsSync(file)).toBe(false);

  fs.rmSync(dataDir, { recursive: true });
  expect(await startAndStop(dataDir)).toContain('"msg":"demo data loaded"');
}, 60_000);
