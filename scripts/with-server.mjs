/**
 * Starts the built product (dist/server/main.js) on a port with a throwaway DATA_DIR, for scripts that
 * look at the running site (screenshots, page weight, the journeys). Returns its base URL, its data
 * directory and a stop function.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export async function startBuiltServer(port = Number(process.env.PORT ?? 3240), env = {}) {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('dist/ is missing: run `npm run build` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    dataDir,
    pid: child.pid,
    stop() {
      child.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every page path, for scripts that visit them all. */
export const PAGES = [
  ['home', '/'],
  ['new-year-sales', '/new-year-sales'],
  ['pricing', '/pricing'],
  ['privacy-policy', '/privacy-policy'],
  ['terms-and-conditions', '/terms-and-conditions'],
  ['subscription-success', '/subscription/success'],
  ['not-found', '/no-such-page'],
];
