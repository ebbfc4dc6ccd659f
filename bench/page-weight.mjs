#!/usr/bin/env node
/**
 * `npm run page-weight [-- path --json --with-ids]`: the bytes a first visit to `/` transfers from our own
 * origin before any interaction (empty cache, until the network is idle), budget 250 KB; any request to
 * another origin fails it. `--with-ids`: the page as served with the three third parties' IDs, before the
 * reader's choice. Runs against dist/; flags in docs/quality.md.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../scripts/chromium.mjs';
import { THIRD_PARTY_IDS } from '../scripts/third-party-ids.mjs';
import { startBuiltServer } from '../scripts/with-server.mjs';

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
const BUDGET = 250 * 1024;
const target = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? '/';
const withIds = process.argv.includes('--with-ids');

const server = await startBuiltServer(Number(process.env.PORT ?? 3242), withIds ? THIRD_PARTY_IDS : {});
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const urls = new Map();
  const sizes = new Map();
  const requested = [];
  cdp.on('Network.requestWillBeSent', (event) => requested.push(event.request.url));
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  cdp.on('Network.loadingFinished', (event) => sizes.set(event.requestId, event.encodedDataLength));
  await page.goto(server.base + target, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const origin = new URL(server.base).origin;
  const rows = [];
  for (const [id, bytes] of sizes) {
    const url = urls.get(id);
    if (!url || new URL(url).origin !== origin) continue;
    rows.push([url.slice(origin.length), bytes]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, bytes]) => sum + bytes, 0);
  // Before a choice nothing may go to a vendor (or anywhere else): the consent question asks first.
  const elsewhere = [...new Set(requested.filter((url) => url.startsWith('http') && new URL(url).origin !== origin))];
  for (const [url, bytes] of rows) console.log(`${(bytes / 1024).toFixed(1).padStart(8)} KB  ${url}`);
  for (const url of elsewhere) console.log(`  another origin, before any choice: ${url}`);
  const ids = withIds ? " with the third parties' IDs, before a choice" : '';
  console.log(
    `page weight of ${target}${ids}: ${(total / 1024).toFixed(1)} KB transferred in ${rows.length} requests (budget ${BUDGET / 1024} KB), ${elsewhere.length} to other origins`,
  );
  const ok = total <= BUDGET && elsewhere.length === 0;
  if (!ok) process.exitCode = 1;
  if (process.argv.includes('--json')) {
    const summary = `${(total / 1024).toFixed(1)} KB in ${rows.length} requests (≤ ${BUDGET / 1024} KB)${ids}, ${elsewhere.length} to other origins`;
    console.log(JSON.stringify({ ok, summary, rows }));
  }
} finally {
  await browser.close();
  server.stop();
}
