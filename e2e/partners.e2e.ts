/**
 * A partner's journey (docs/partners.md): two posts on the partner's own origin carry
 * <start-selling-form partner campaign>; six readers sign up from one and one from the other; the operator
 * issues a link with the admin CLI; the partner's page shows 7, both pages and the campaign, passes axe
 * (saved as pictures at 360 and 1280 px); the operator revokes it and the link is refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { adminCommand } from '../testing/e2e/admin-command.js';

const product = `http://127.0.0.1:${E2E_PORT}`;
// Not one of the demo data's codes.
const CODE = 'e2e-tech-weekly';
let blog: http.Server;
let blogUrl = '';

test.beforeAll(async () => {
  blog = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lagos Tech Weekly</title>
<script type="module" src="${product}/widgets/kasuwa-widgets.js"></script></head>
<body><h1>${req.url}</h1><start-selling-form partner="${CODE}" campaign="issue-12"></start-selling-form></body></html>`);
  });
  await new Promise<void>((resolve) => blog.listen(0, 'localhost', resolve));
  blogUrl = `http://localhost:${(blog.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => blog.close(resolve));
});

async function signUpFrom(page: Page, post: string, email: string) {
  await page.goto(`${blogUrl}${post}?utm_source=newsletter`);
  const form = page.locator('start-selling-form');
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  await form.getByRole('button', { name: 'Start Selling' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Success' })).toContainText('Kindly check your email');
}

test("given seven readers from two posts should show the partner their numbers, then refuse the link once it's revoked", async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (let i = 1; i <= 6; i++) await signUpFrom(page, '/posts/one', `reader${i}.partner@example.com`);
  await signUpFrom(page, '/posts/two', 'reader7.partner@example.com');

  const link = new URL(adminCommand('partners:link', CODE));
  const path = `${link.pathname}${link.search}`;
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Signups from partner code ${CODE}`);
  await expect(page.locator('.partner-figures')).toHaveText(/^\s*This week\s*7\s*Last week\s*0\s*All time\s*7\s*$/);
  const pages = page.getByRole('table', { name: 'By page' });
  await expect(pages.getByRole('row')).toHaveText(
    ['PageSignups', 'localhost/posts/one6', 'localhost/posts/two1'].map((row) =>
      row.replace('localhost', new URL(blogUrl).host),
    ),
  );
  await expect(page.getByRole('table', { name: 'By campaign' }).getByRole('row').nth(1)).toHaveText('issue-127');
  await expect(page.getByRole('img', { name: 'Signups per week, last 26 weeks' })).toBeVisible();
  await expect(page.getByText('@example.com')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/partner-page-${width}.png`, fullPage: true });
  }

  adminCommand('partners:revoke', CODE);
  const refused = await page.goto(path);
  expect(refused?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link shows nothing');
  await expect(page.getByRole('alert')).toHaveText('This link was replaced by a newer one.');
  await expect(page.getByText(CODE)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/partner-page-refused-1280.png', fullPage: true });
});
