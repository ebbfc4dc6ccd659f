/**
 * The plain HTML snippet of docs/embedding.md as a partner's whole page: only the script tag and the
 * elements, no host-size CSS. The loader reserves each tag's size, so nothing moves as they render.
 * And the WordPress Custom HTML block of docs/embed-cms.md inside a post, signing up with its partner code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.js';
import { partnerOrigin } from '../../testing/e2e/partner-origin.js';
import { layoutShiftSum, recordLayoutShifts } from '../../testing/e2e/site-helpers.js';
import { storedSignup } from '../../testing/e2e/stored-signup.js';

const product = `http://127.0.0.1:${E2E_PORT}`;
// The pages as the guides show them on their own origin, with our host swapped for the running product.
const snippet = (file: string) =>
  fs.readFileSync(path.resolve(file), 'utf8').replaceAll('https://kasuwa.shop', product);
const partner = partnerOrigin(() => ({
  '/': snippet('testing/e2e/hosts/plain/index.html'),
  // How WordPress prints a post with a Custom HTML block: the block's HTML as it was pasted.
  '/cms-post': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog post</title></head>
<body><main><article><h1>How I sell online</h1><p>My shop runs on Kasuwa.</p>
${snippet('testing/e2e/hosts/cms/custom-html-block.html')}
<p>Thanks for reading.</p></article></main></body></html>`,
}));

test('given only the script tag and the elements should render every widget with no layout shift (CLS 0)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 2000 });
  await recordLayoutShifts(page);
  await page.goto(partner.url);
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Store domain' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Monthly', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('pricing-plans').getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
  expect(await layoutShiftSum(page)).toBe(0);
});

test('given our script 10 s late should paint the partner page at its own speed, and the widgets after', async ({
  page,
}) => {
  await page.route('**/widgets/v1/kasuwa-widgets.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await route.continue();
  });
  const started = Date.now();
  await page.goto(partner.url, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Sell online with Kasuwa' })).toBeVisible();
  const firstPaint = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true }),
      ),
  );
  expect(firstPaint).toBeLessThan(3000);
  expect(Date.now() - started).toBeLessThan(9000);
  await expect(page.getByRole('textbox', { name: 'Store domain' })).toBeVisible({ timeout: 20_000 });
});

test('given the Custom HTML block in a post should sign up with the partner code it carries', async ({ page }) => {
  await page.goto(`${partner.url}cms-post`);
  const form = page.locator('start-selling-form');
  const email = `cms-${Date.now()}@example.ng`;
  // Once defined, the widget's own form (in its shadow root) takes the fallback form's place.
  const widgetForm = form.locator('form.form');
  await expect(widgetForm).toBeVisible();
  const widgetField = widgetForm.getByRole('textbox', { name: 'Email address' });
  await widgetField.fill(email);
  await widgetForm.getByRole('button', { name: 'Start Selling' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Kindly check your email' })).toHaveCount(1);
  await expect.poll(() => Object.values(storedSignup(email) ?? {})).toContain('your-partner-code');
});
