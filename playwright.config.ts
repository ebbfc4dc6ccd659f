/**
 * Whole-site flows with Playwright (playwright-core's browser is the system Chromium) against the
 * built product started on its own port and a fresh DATA_DIR.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_DATA_DIR = path.resolve('test-results/e2e-data');

// Only the main process starts from an empty database; workers load this file too.
if (!process.env.TEST_WORKER_INDEX) fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  // The WordPress plugin's tests (e2e/wordpress/) run twice: on Debian stable's WordPress with the rest,
  // and on the newest WordPress (testing/e2e/wordpress/newest-wordpress.ts).
  projects: [
    { name: 'all' },
    { name: 'wordpress-newest', testMatch: 'wordpress/**/*.e2e.ts', metadata: { wordpress: 'newest' } },
  ],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: {
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: E2E_DATA_DIR, NODE_ENV: 'test' },
  },
});
