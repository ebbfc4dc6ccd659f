/** Starting the server as an operator does (`node server/main.ts` through tsx), when something it needs is missing. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it('given PostgreSQL not answering at DATABASE_URL should say so in one line and exit 1', () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-startup-'));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dataDir,
      // Port 9 (discard) refuses connections on loopback.
      DATABASE_URL: 'postgres://kasuwa@127.0.0.1:9/kasuwa',
      SITE_PAGES: 'site/page-renderers.ts',
      SINGLE_SERVER: 'on',
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([
    'Cannot reach PostgreSQL kasuwa@127.0.0.1:9/kasuwa (ECONNREFUSED): start PostgreSQL or correct DATABASE_URL, then start again.',
  ]);
});
