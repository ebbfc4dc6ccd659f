/**
 * A partner's page where the widgets' code cannot come (an ad blocker or a CSP on /widgets/chunks/):
 * ready(), show() and openStartSelling() reject within 10 s, `kasuwa-widgets-error` names the tag, and
 * the start-selling link and button still go somewhere: the link's href, the button the signup page.
 */
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { partnerOrigin } from '../testing/e2e/partner-origin.js';

const product = `http://127.0.0.1:${E2E_PORT}`;
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner shop</title>
<script type="module" src="${product}/widgets/kasuwa-widgets.js"></script></head>
<body><h1>Partner shop</h1>
<p><a href="${product}/pricing" data-start-selling>Start selling (link)</a></p>
<p><button type="button" data-start-selling>Start selling (button)</button></p>
<start-selling-modal></start-selling-modal>
</body></html>`;
const partner = partnerOrigin(() => ({ '/': page }));

test.beforeEach(async ({ page }) => {
  await page.route('**/widgets/chunks/**', (route) => route.abort('blockedbyclient'));
  await page.goto(partner.url);
});

test('given the chunks blocked should reject every promise within 10 s and name the tag in an error event', async ({
  page,
}) => {
  const outcome = await page.evaluate(async (loaderUrl) => {
    const { ready, openStartSelling } = await import(loaderUrl);
    const events: { tag: string; reason: string }[] = [];
    document.addEventListener('kasuwa-widgets-error', (event) => events.push((event as CustomEvent).detail));
    const settle = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      try {
        await work();
        return { rejected: false, seconds: (performance.now() - started) / 1000 };
      } catch (error) {
        return { rejected: true, seconds: (performance.now() - started) / 1000, message: String(error) };
      }
    };
    const modal = document.querySelector('start-selling-modal') as HTMLElement & { show(): Promise<void> };
    return {
      ready: await settle(() => ready('pricing-plans')),
      show: await settle(() => modal.show()),
      openStartSelling: await settle(() => openStartSelling()),
      events,
    };
  }, `${product}/widgets/kasuwa-widgets.js`);
  for (const name of ['ready', 'show', 'openStartSelling'] as const) {
    expect(outcome[name].rejected, `${name}() rejected`).toBe(true);
    expect(outcome[name].seconds).toBeLessThan(10);
  }
  expect(outcome.events.map((event) => event.tag)).toEqual([
    'pricing-plans',
    'start-selling-modal',
    'start-selling-modal',
  ]);
  expect(outcome.events.every((event) => event.reason.length > 0)).toBe(true);
});

test('given the chunks blocked should follow a start-selling link to its href', async ({ page }) => {
  await page.getByRole('button', { name: 'Start selling (link)' }).click();
  await page.waitForURL(`${product}/pricing`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('given the chunks blocked should take a start-selling button to the signup page', async ({ page }) => {
  await page.getByRole('button', { name: 'Start selling (button)' }).click();
  await page.waitForURL(`${product}/#signup`);
  await expect(page.getByRole('textbox', { name: /e-?mail/i }).first()).toBeVisible();
});
