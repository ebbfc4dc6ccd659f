/**
 * A partner page pinned to an exact widgets version with its integrity loads every widget; one changed
 * byte is refused by the browser; /widgets/v1/ and the unversioned URL serve the same code, revalidated,
 * while the exact version is cached for a year (docs/embedding.md#versions).
 */
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { partnerOrigin } from '../testing/e2e/partner-origin.js';

const product = `http://127.0.0.1:${E2E_PORT}`;
const { version, files } = JSON.parse(fs.readFileSync('dist/widgets/integrity.json', 'utf8')) as {
  version: string;
  files: Record<string, string>;
};
const pinned = `${product}/widgets/${version}/kasuwa-widgets.js`;
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pinned</title>
<script type="module" src="${pinned}" integrity="${files['kasuwa-widgets.js']}" crossorigin="anonymous"></script></head>
<body><h1>Pinned</h1><start-selling-form></start-selling-form><store-rank-checker></store-rank-checker>
<pricing-plans></pricing-plans><start-selling-modal></start-selling-modal></body></html>`;
const partner = partnerOrigin(() => ({ '/': page }));

const defined = (page: Page) =>
  page.evaluate(() =>
    ['start-selling-form', 'store-rank-checker', 'pricing-plans', 'start-selling-modal'].map((tag) =>
      Boolean(customElements.get(tag)),
    ),
  );

test('given a page pinned to the exact version with its integrity should load every widget', async ({ page }) => {
  await page.goto(partner.url);
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Store domain' })).toBeVisible();
  await page.evaluate(() =>
    (document.querySelector('start-selling-modal') as HTMLElement & { show(): Promise<void> }).show(),
  );
  await expect(page.getByRole('dialog', { name: 'Start Selling with Ease!' })).toBeVisible();
  expect(await defined(page)).toEqual([true, true, true, true]);
  const chunks = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/chunks/'))
      .map((entry) => entry.name),
  );
  expect(chunks.length).toBeGreaterThan(3);
  expect(chunks.filter((url) => !url.includes(`/widgets/${version}/chunks/`))).toEqual([]);
});

test('given one changed byte in the pinned loader should be refused by the browser, and nothing defined', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /integrity/i.test(message.text())) refused.push(message.text());
  });
  await page.route(pinned, async (route) => {
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    body[body.length - 2] = body[body.length - 2] === 0x20 ? 0x0a : 0x20;
    await route.fulfill({ response, body });
  });
  await page.goto(partner.url);
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  await page.waitForTimeout(1000);
  expect(await defined(page)).toEqual([false, false, false, false]);
});

test('given /widgets/v1/ and the unversioned URL should serve the pinned code, kept 5 minutes; the pin for a year', async ({
  request,
}) => {
  const [exact, major, plain] = await Promise.all(
    [pinned, `${product}/widgets/v1/kasuwa-widgets.js`, `${product}/widgets/kasuwa-widgets.js`].map((url) =>
      request.get(url),
    ),
  );
  expect(await major?.text()).toBe(await exact?.text());
  expect(await plain?.text()).toBe(await exact?.text());
  expect(exact?.headers()['cache-control']).toBe('max-age=31536000, immutable');
  expect(major?.headers()['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
  expect(plain?.headers()['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
  const integrity = await request.get(`${product}/widgets/${version}/integrity.json`);
  expect((await integrity.json()).files).toEqual(files);
});
