#!/usr/bin/env node
/**
 * Renders the raster pictures the site ships in site/public/ (committed, so builds need no browser):
 * app icons (192, 512, apple-touch 180) and one 1200×630 Open Graph picture per page kind.
 * Run after changing the brand colours or the page titles: `node scripts/make-images.mjs`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (file) => path.join(root, 'site/public', file);

const mark = (size) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
<rect width="32" height="32" fill="#0b6e4f"/><g transform="translate(4 4) scale(.75)">
<path d="M7 12h18l-2-5H9zM9 14v10h14V14" fill="none" stroke="#fff" stroke-width="2.2" stroke-linejoin="round"/>
<path d="M13 24v-5h6v5" fill="none" stroke="#f4b400" stroke-width="2.2"/></g></svg>`;

const og = {
  home: ['Sell online in minutes.', 'A free online store for Nigerian businesses'],
  'new-year-sales': ['New Year Sales', '1 month of Pro free · cash grants up to ₦300,000'],
  pricing: ['Choose Your Plan', 'Free to start · Starter, Plus and Pro in naira'],
  legal: ['Kasuwa', 'Privacy Policy · Terms and Conditions'],
};

const ogHtml = ([title, subtitle]) => `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;background:#0b6e4f;
color:#fff;font-family:system-ui,sans-serif;display:flex;flex-direction:column;justify-content:space-between">
<div style="display:flex;align-items:center;gap:24px;font-size:48px;font-weight:700">${mark(88)}Kasuwa</div>
<div><div style="font-size:84px;font-weight:800;line-height:1.05">${title}</div>
<div style="font-size:40px;margin-top:24px;color:#f4b400">${subtitle}</div></div>
<div style="font-size:28px;opacity:.85">kasuwa.shop</div></div></body></html>`;

const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage();
for (const [file, size] of [
  ['icons/icon-192.png', 192],
  ['icons/icon-512.png', 512],
  ['icons/apple-touch-icon.png', 180],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<body style="margin:0">${mark(size)}</body>`);
  await page.screenshot({ path: out(file) });
}
await page.setViewportSize({ width: 1200, height: 630 });
for (const [name, text] of Object.entries(og)) {
  await page.setContent(ogHtml(text));
  await page.screenshot({ path: out(`og/${name}.png`) });
}
await browser.close();
console.log('[images] icons and Open Graph pictures written to site/public/');
