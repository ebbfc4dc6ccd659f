import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { cspViolations, upgraded } from '../testing/e2e/site-helpers.js';

/**
 * A partner page on another origin with its own strict Content-Security-Policy: it allows scripts and
 * API calls only to our origin, and styles only from itself. The widget must still render styled,
 * sign a visitor up, and cause no CSP violation.
 */
let partner: http.Server;
let partnerUrl: string;

test.beforeAll(async ({ baseURL }) => {
  const product = new URL(baseURL ?? '').origin;
  const csp = `default-src 'none'; script-src ${product}; connect-src ${product}; style-src 'self'; img-src 'self' data:`;
  partner = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner blog</title>
<script type="module" src="${product}/widgets/kasuwa-widgets.js"></script></head>
<body><main><h1>A partner's blog post</h1><start-selling-form ref="csp-partner"></start-selling-form></main></body></html>`);
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/post`;
});

test.afterAll(async () => {
  await new Promise((resolve) => partner.close(resolve));
});

test('given a partner page with a strict CSP should render the form styled, sign up and violate nothing', async ({
  page,
}) => {
  const violations = cspViolations(page);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __violations: string[] }).__violations ??= [];
      (window as unknown as { __violations: string[] }).__violations.push(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });

  await page.goto(partnerUrl);
  const email = page.getByRole('textbox', { name: 'Email address' });
  const submit = page.getByRole('button', { name: 'Start Selling' });
  await expect(submit).toBeVisible();
  await expect
    .poll(() => submit.evaluate((button) => getComputedStyle(button).backgroundColor))
    .not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);

  await email.fill('csp.partner@example.com');
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Success' })).toContainText('Kindly check your email');

  const caught = await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
  expect([...caught, ...violations]).toEqual([]);
});

test('given our own pages under our CSP should load scripts, styles and widgets without a violation', async ({
  page,
}) => {
  const violations = cspViolations(page);
  for (const path of ['/', '/no/such/page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('/');
  const hero = page.locator('#signup start-selling-form');
  await expect(hero.getByRole('button', { name: 'Start Selling' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('given a browser without constructable stylesheets should allow every widget <style> on our pages by its hash', async ({
  page,
}) => {
  const violations = cspViolations(page);
  // Safari before 16.4: each widget gets <style> elements, which our CSP allows by their hashes only.
  await page.addInitScript(() => {
    for (const owner of [Document.prototype, ShadowRoot.prototype]) Reflect.deleteProperty(owner, 'adoptedStyleSheets');
    Reflect.deleteProperty(CSSStyleSheet.prototype, 'replaceSync');
  });
  await page.goto('/widgets');
  const checker = page.locator('store-rank-checker').first();
  await upgraded(checker);
  await checker.getByRole('textbox', { name: 'Store domain' }).fill('adaeze-fabrics');
  await checker.getByRole('button', { name: 'Check my rank' }).click();
  const dialog = checker.getByRole('dialog', { name: 'Your New Year sales ranking' });
  await expect(dialog).toBeVisible();
  // Styled from its <style>: the rounded corners of the dialog rule.
  expect(await dialog.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('16px');
  // The revenue help popover adds its own <style> once opened.
  await dialog.getByRole('button', { name: 'What is Your Revenue?' }).click();
  await expect(checker.getByRole('dialog', { name: 'Your Revenue' })).toBeVisible();
  for (const tag of ['start-selling-form', 'pricing-plans', 'start-selling-modal'])
    await expect(page.locator(tag).first()).toBeAttached();
  expect(violations).toEqual([]);
});
