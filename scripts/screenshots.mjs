#!/usr/bin/env node
/**
 * `npm run screenshots`: every page at 360×800 and 1366×768 (full page) into test-results/screenshots/,
 * against the built product. Also reports any page that scrolls sideways.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium.mjs';
import { PAGES, startBuiltServer } from './with-server.mjs';

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
const outDir = 'test-results/screenshots';
fs.mkdirSync(outDir, { recursive: true });
const viewports = [
  { width: 360, height: 800 },
  { width: 1366, height: 768 },
];
const only = process.argv[2];

const server = await startBuiltServer();
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  for (const viewport of viewports) {
    const page = await browser.newPage({ viewport });
    for (const [name, url] of PAGES) {
      if (only && name !== only) continue;
      await page.goto(server.base + url, { waitUntil: 'networkidle' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) console.warn(`[screenshots] ${name} at ${viewport.width}px scrolls sideways by ${overflow}px`);
      const file = path.join(outDir, `${name}-${viewport.width}x${viewport.height}.png`);
      // Sections laid out only near the viewport (docs/site.md, "Laid out when near") would be blank here.
      await page.evaluate(() => {
        for (const section of document.querySelectorAll('.render-when-near'))
          section.style.contentVisibility = 'visible';
      });
      await page.screenshot({ path: file, fullPage: true });
      console.log(`[screenshots] ${file}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.stop();
}
