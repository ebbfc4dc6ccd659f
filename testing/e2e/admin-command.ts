/** `npm run admin -- …` (the built CLI) on an e2e server's database, whose DATA_DIR holds its secrets too. */
import { spawnSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.js';

/** The command's stdout on the server whose DATA_DIR is `dataDir`, trimmed; fails the test on a non-zero exit, with its stderr. */
export function adminCommandIn(dataDir: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, ['dist/server/admin.js', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', DEMO_DATA: 'off' },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

/** The same on the e2e server that playwright.config.ts starts. */
export const adminCommand = (...args: string[]) => adminCommandIn(E2E_DATA_DIR, ...args);
