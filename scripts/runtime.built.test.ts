/**
 * `npm start` serves on the pinned Node.js (scripts/runtime.mjs), whatever Node runs npm: the server's own
 * metrics say which runtime answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { listeningPort } from '../testing/server/listening.js';
import { pinnedVersion } from './runtime.mjs';

let server: ChildProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-runtime-'));
afterAll(() => {
  // npm, its shell and the server are one process group.
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('given `npm start` should serve on the pinned Node.js, as /metrics reports it', async () => {
  expect(fs.existsSync('dist/server/main.js'), 'run `npm run build` first').toBe(true);
  const token = 'runtime-test-metrics-token';
  server = spawn('npm', ['start'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_TOKEN: token,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const { port } = await listeningPort(server, 'npm start');
  const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(metrics.status).toBe(200);
  const version = /^nodejs_version_info\{version="(v[\d.]+)"/m.exec(await metrics.text())?.[1];
  expect(version).toBe(`v${pinnedVersion()}`);
});
