import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.js';
import { adminCommand } from '../../testing/e2e/admin-command.js';
import { linkIn, mailsTo } from '../../testing/e2e/mail-files.js';
import { storedSignup } from '../../testing/e2e/stored-signup.js';
import { intro, outro } from '../../testing/e2e/wordpress/posts.js';
import {
  fetchAgainWith,
  logIn,
  SETTINGS_PAGE,
  secondsToNextFetch,
} from '../../testing/e2e/wordpress/wordpress-site.js';
import { ADMIN, PRODUCT, wordpressForFile } from '../../testing/e2e/wordpress-for-file.js';

const wp = wordpressForFile({ plugin: 'kasuwa-wordpress-programme.zip' });

test('given a blogger who joins from Settings → Kasuwa and pastes the code and link, a signup on their post shows in the dashboard box', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // Both WordPresses run against one product: each blogger has a code and an address of their own.
  const which = test.info().project.metadata?.wordpress === 'newest' ? 'newest' : 'stable';
  const code = `wp-blogger-${which}`;
  const email = `blogger.${which}@example.ng`;

  await logIn(page, wp.url, ADMIN, SETTINGS_PAGE);
  await page.getByLabel('Widget origin').fill(`${PRODUCT}/`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.getByRole('link', { name: `${PRODUCT}/partners/join` }).click();
  const join = page.getByRole('form', { name: 'Join' });
  await join.getByLabel('Your e-mail address').fill(email);
  await join.getByLabel('Your website or social handle').fill(wp.url);
  await join.getByLabel('Preferred partner code (optional)').fill(code);
  await join.getByRole('button', { name: 'Join the programme' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox');
  await expect.poll(() => mailsTo(E2E_DATA_DIR, email).length, { timeout: 15_000 }).toBe(1);
  await page.goto(`${PRODUCT}${linkIn(mailsTo(E2E_DATA_DIR, email)[0]!, '/partners/confirm')}`);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('definition').first()).toHaveText(code);
  const shown = new URL((await page.getByRole('link', { name: /\/partners\?t=/ }).getAttribute('href'))!);
  // The mail and page name PUBLIC_URL; this WordPress reaches the product where it runs here.
  const link = `${PRODUCT}${shown.pathname}${shown.search}`;

  await page.goto(`${wp.url}${SETTINGS_PAGE}`);
  await page.getByLabel('Partner code').fill(code);
  await page.getByLabel('Your signups link').fill(link);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  const post = [intro, '<!-- wp:kasuwa/signup {"campaign":"programme-post"} /-->', outro].join('\n\n');
  const id = wp.php(`wp_set_current_user(1);
echo wp_insert_post(['post_title' => 'How I sell online', 'post_content' => base64_decode('${Buffer.from(post).toString('base64')}'), 'post_status' => 'publish']);`);

  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto(`${wp.url}/?p=${id}`);
  // The widget's own form (the fallback form inside the element is hidden once it runs).
  const form = readerPage.locator('start-selling-form form.form');
  const readerEmail = `reader.${which}@example.ng`;
  await form.getByRole('textbox', { name: 'Email address' }).fill(readerEmail);
  await form.getByRole('button', { name: 'Start Selling' }).click();
  await expect(readerPage.getByRole('status').filter({ hasText: 'Kindly check your email' })).toHaveCount(1);
  await expect.poll(() => storedSignup(readerEmail)?.partner).toBe(code);
  expect(storedSignup(readerEmail)?.campaign).toBe('programme-post');
  await reader.close();

  await page.goto(`${wp.url}/wp-admin/index.php`);
  const box = page.locator('#kasuwa_signups');
  await expect(box.getByRole('heading', { name: 'Kasuwa signups' })).toBeVisible();
  await expect(box.locator('dl')).toHaveText('This week1Last week0All time1');
});

test('given Kasuwa answering 503 the dashboard box keeps the last numbers, dated; given the link revoked it shows none, only the form that mails a new link', async ({
  page,
}) => {
  const which = test.info().project.metadata?.wordpress === 'newest' ? 'newest' : 'stable';
  const code = `wp-revoked-${which}`;
  const issued = new URL(adminCommand('partners:link', code));
  const link = `${PRODUCT}${issued.pathname}${issued.search}`;
  await logIn(page, wp.url, ADMIN, SETTINGS_PAGE);
  await page.getByLabel('Widget origin').fill(PRODUCT);
  await page.getByLabel('Your signups link').fill(link);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.goto(`${wp.url}/wp-admin/index.php`);
  const box = page.locator('#kasuwa_signups');
  await expect(box.locator('dl')).toHaveText('This week0Last week0All time0');

  // Kasuwa up but failing (503) for the link: the numbers stay, dated, and are not asked for again for 10 minutes.
  let asked = 0;
  const failing = http.createServer((_request, response) => {
    asked += 1;
    response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  try {
    // The box fetches only its widget origin's links with that origin's own port let through.
    const origin = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    fetchAgainWith(wp, `${origin}${issued.pathname}${issued.search}`, { origin });
    await page.reload();
    await expect(box).toContainText('Kasuwa did not answer just now: these are the numbers as of');
    await expect(box.locator('dl')).toHaveText('This week0Last week0All time0');
    expect(asked).toBe(1);
  } finally {
    failing.close();
  }
  expect(secondsToNextFetch(wp)).toBeGreaterThan(500);

  // The link revoked (Kasuwa answers 410): no number, however recent, and the way to a new link.
  adminCommand('partners:revoke', code);
  fetchAgainWith(wp, link, { origin: PRODUCT });
  await page.reload();
  await expect(box).toContainText('This signups link no longer works: Kasuwa refused it');
  await expect(box.locator('dl')).toHaveCount(0);
  await expect(box.getByRole('img', { name: 'Signups per week, last 26 weeks' })).toHaveCount(0);
  expect(secondsToNextFetch(wp)).toBeGreaterThan(500);
  await box.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/partners/join#new-link`);
  await expect(page.getByRole('form', { name: 'Lost your private link?' })).toBeVisible();
});
