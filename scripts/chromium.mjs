/**
 * Finds the system Chromium the browser tests drive. When it is missing and we may install Debian's
 * package (root with apt-get), installs it; otherwise says exactly how to get one.
 */
import fs from 'node:fs';
import { findOrInstall } from './debian.mjs';

/**
 * Flags for headless Chromium here, shared by Playwright, @web/test-runner and Lighthouse: we run as
 * root (no sandbox), without a GPU or a large /dev/shm, and the network is closed, so every background
 * connection Chromium would try is switched off.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium() {
  if (process.env.CHROME_PATH && fs.existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  return CHROMIUM_PATHS.find((file) => fs.existsSync(file));
}

export function ensureChromium() {
  const found = findOrInstall(findChromium, 'chromium', 'test: no Chromium found');
  if (found) return found;
  console.error(
    [
      'The browser tests need Chromium and none was found.',
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium',
      'or point CHROME_PATH at a Chrome or Chromium binary:  CHROME_PATH=/path/to/chrome npm test',
    ].join('\n'),
  );
  process.exit(1);
}
