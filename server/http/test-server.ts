/**
 * For tests: the server in-process on a free loopback port with NODE_ENV=test and its own temporary
 * DATA_DIR; `env` adds to or overrides that configuration. close() stops it and removes the directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { startServer } from '../server.js';

export type TestServer = {
  running: Awaited<ReturnType<typeof startServer>>;
  base: string;
  dataDir: string;
  close(): Promise<void>;
};

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-test-'));
  const running = await startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', ...env }),
  );
  return {
    running,
    dataDir,
    base: `http://127.0.0.1:${running.port}`,
    async close() {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
