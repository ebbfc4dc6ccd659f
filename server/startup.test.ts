/** Starting the server as an operator does (`node server/main.ts` through tsx), when something it needs is missing. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-startup-'));
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dataDir,
      SITE_PAGES: 'site/page-renderers.ts',
      SINGLE_SERVER: 'on',
      ...env,
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

it('given PostgreSQL not answering at DATABASE_URL should say so in one line and exit 1', () => {
  // Port 9 (discard) refuses connections on loopback.
  const result = start({ DATABASE_URL: 'postgres://kasuwa@127.0.0.1:9/kasuwa' });
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    'Cannot reach PostgreSQL kasuwa@127.0.0.1:9/kasuwa (ECONNREFUSED): start PostgreSQL or correct DATABASE_URL, then start again.',
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
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `Cannot reach PostgreSQL kasuwa@127.0.0.1:${port}/kasuwa (timed out): start PostgreSQL or correct DATABASE_URL, then start again.`,
    ]);
  } finally {
    silent.close();
  }
});
