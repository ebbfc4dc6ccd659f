/**
 * A partner's page on another origin, with a strict CSP, holding only our script tag and two tags,
 * talks to the running product: the rank dialog opens and the signup toast shows. A second page has
 * only a [data-start-selling] link with data-partner, as a WordPress Author's post keeps it.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { partnerOrigin } from '../testing/e2e/partner-origin.js';
import { cspViolations, upgraded } from '../testing/e2e/site-helpers.js';
import { storedSignup } from '../testing/e2e/stored-signup.js';

const product = `http://127.0.0.1:${E2E_PORT}`;
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner shop</title>
<script type="module" src="${product}/widgets/kasuwa-widgets.js"></script></head>
<body><h1>Partner shop</h1>
<store-rank-checker></store-rank-checker>
<start-selling-form ref="partner-e2e"></start-selling-form>
</body></html>`;
// What survives WordPress's filter in an Author's post: a link with data-* attributes; the script
// comes from the site's theme, and the page has no <start-selling-modal>.
const authorPost = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Author's post</title>
<script type="module" src="${product}/widgets/kasuwa-widgets.js"></script></head>
<body><h1>My shop story</h1>
<p><a href="${product}/#signup" data-start-selling data-partner="author-post">Start selling on Kasuwa</a></p>
</body></html>`;
const partner = partnerOrigin(() => ({ '/': page, '/author-post': authorPost }), {
  // No 'unsafe-inline' anywhere: our styles must come in as constructable stylesheets.
  'content-security-policy': `default-src 'none'; script-src ${product}; connect-src ${product}; img-src ${product} data:; style-src 'self'`,
});

test('given a partner page on another origin should show the rank dialog for a demo store', async ({ page }) => {
  const violations = cspViolations(page);
  await page.goto(partner.url);
  const checker = page.locator('store-rank-checker');
  await checker.getByRole('textbox', { name: 'Store domain' }).fill('adaeze-fabrics');
  await checker.getByRole('button', { name: 'Check my rank' }).click();
  const dialog = checker.getByRole('dialog', { name: 'Your New Year sales ranking' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Adaeze Fabrics');
  await expect(dialog).toContainText('Your Revenue');
  await expect(dialog).toContainText("Winner's Revenue");
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  // Styled despite the CSP: the dialog has its rounded corners from our stylesheet.
  expect(await dialog.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('16px');
  expect(violations).toEqual([]);
});

test('given a partner page on another origin should sign up and show the success toast', async ({ page }) => {
  await page.goto(partner.url);
  const form = page.locator('start-selling-form');
  await form.getByRole('textbox', { name: 'Email address' }).fill('partner.embed@example.com');
  await form.getByRole('button', { name: 'Start Selling' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Success' })).toContainText('Kindly check your email');
});

test('given a rank lookup and a signup on a partner page should leave no cookie and no storage anywhere', async ({
  page,
  context,
}) => {
  await page.goto(partner.url);
  const checker = page.locator('store-rank-checker');
  await checker.getByRole('textbox', { name: 'Store domain' }).fill('adaeze-fabrics');
  await checker.getByRole('button', { name: 'Check my rank' }).click();
  await expect(checker.getByRole('dialog', { name: 'Your New Year sales ranking' })).toContainText('Adaeze Fabrics');
  await page.keyboard.press('Escape');
  const form = page.locator('start-selling-form');
  await form.getByRole('textbox', { name: 'Email address' }).fill('no.cookies@example.com');
  await form.getByRole('button', { name: 'Start Selling' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Success' })).toBeVisible();
  // Every origin's cookies and localStorage (ours and the partner's), and the page's sessionStorage.
  expect(await context.storageState()).toEqual({ cookies: [], origins: [] });
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

test('given a data-start-selling link with data-partner should store the signup with its partner code', async ({
  page,
}) => {
  await page.goto(`${partner.url}author-post`);
  await page.getByRole('button', { name: 'Start selling on Kasuwa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start Selling with Ease!' });
  const email = `author-post-${Date.now()}@example.ng`;
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
  await dialog.getByRole('button', { name: 'Start Selling' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => storedSignup(email)?.partner).toBe('author-post');
  expect(storedSignup(email)?.source).toBe(`${new URL(partner.url).host}/author-post`);
});

test('given the /widgets page should show every tag live and open the modal from Get Started', async ({ page }) => {
  await page.goto('/widgets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kasuwa widgets');
  await expect(page.locator('store-rank-checker').getByRole('button', { name: 'Check my rank' })).toBeVisible();
  const pricing = page.locator('pricing-plans').first();
  await upgraded(pricing);
  await pricing.getByRole('button', { name: 'Get Started with Starter' }).click();
  const modal = page.locator('start-selling-modal').getByRole('dialog', { name: 'Start Selling with Ease!' });
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});

test('given the /widgets page with the modal or the leaderboard dialog open should have no axe violations', async ({
  page,
}) => {
  await page.goto('/widgets');
  await page.getByRole('button', { name: 'Open the start-selling modal' }).click();
  await expect(page.getByRole('dialog', { name: 'Start Selling with Ease!' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.keyboard.press('Escape');

  const checker = page.locator('store-rank-checker');
  await upgraded(checker);
  await checker.getByRole('textbox', { name: 'Store domain' }).fill('adaeze-fabrics');
  await checker.getByRole('button', { name: 'Check my rank' }).click();
  await expect(checker.getByRole('dialog')).toBeVisible();
  // It opens at once with placeholders; axe looks at the answer.
  await expect(checker.getByRole('dialog')).not.toHaveAttribute('aria-busy', 'true');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
