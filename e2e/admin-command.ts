/** `npm run admin -- …` (the built CLI) on the e2e server's database, whose DATA_DIR holds its secrets too. */
import { spawnSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.js';

/** The command's stdout, trimmed; fails the test on a non-zero exit, with its stderr. */
export function adminCommand(...args: string[]): string {
  const run = spawnSync(process.execPath, ['dist/server/admin.js', ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, NODE_ENV: 'test', DEMO_DATA: 'off' },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}
