/**
 * Graceful shutdown of the real process: `node dist/server/main.js` (run `npm run build` first;
 * `npm test` does) with a temporary DATA_DIR, a request in flight, then SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startProduct(): Promise<{ port: number; output: () => string }> {
  expect(fs.existsSync('dist/server/main.js'), 'run `npm run build` first').toBe(true);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-shutdown-'));
  const started = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'off', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    started.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    started.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    started.once('exit', () => reject(new Error(`server exited before listening:\n${output}`)));
  });
  return { port, output: () => output };
}

it('given a request in flight should finish it on SIGTERM, refuse new connections and exit 0', async () => {
  const { port, output } = await startProduct();
  const body = JSON.stringify({
    query: 'mutation { startSelling(data: { email: "slow.client@example.ng" }) { success } }',
  });
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk;
  });
  const closed = new Promise((resolve) => socket.once('close', resolve));
  // Headers and half the body now; the rest after SIGTERM, so the request is in flight when it comes.
  // Node answers `Expect: 100-continue` as it hands the request to our handler: the sign it has it.
  socket.write(
    `POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
  );
  await expect.poll(() => answer).toContain('100 Continue');
  const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
  child?.kill('SIGTERM');
  await expect.poll(output).toContain('"msg":"stopping"');

  const refused = await new Promise<boolean>((resolve) => {
    const late = net.connect(port, '127.0.0.1');
    late.once('connect', () => {
      late.destroy();
      resolve(false);
    });
    late.once('error', () => resolve(true));
  });
  expect(refused).toBe(true);

  socket.write(body.slice(20));
  await closed;
  expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200/);
  expect(answer).toContain('{"data":{"startSelling":{"success":true}}}');
  expect(await exited).toBe(0);
}, 20_000);
