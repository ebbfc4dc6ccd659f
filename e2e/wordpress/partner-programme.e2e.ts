import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from '../../playwright.config.js';
import { linkIn, mailsTo } from '../../testing/e2e/mail-files.js';
import { storedSignup } from '../../testing/e2e/stored-signup.js';
import { intro, outro } from './posts.js';
import {
  installOurPlugin,
  logIn,
  SETTINGS_PAGE,
  startWordPress,
  WORDPRESS_PORT,
  type WordPress,
  wordpressOf,
} from './wordpress-site.js';

const product = `http://127.0.0.1:${E2E_PORT}`;
const ADMIN = { user: 'administrator', password: 'admin-password-49' };

let wp: WordPress;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  wp = await startWordPress(WORDPRESS_PORT, ADMIN, { root: wordpressOf(test.info()) });
  await installOurPlugin(wp, 'kasuwa-wordpress-programme.zip');
});

test.afterAll(async () => {
  await wp?.stop();
});

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
  await page.getByLabel('Widget origin').fill(`${product}/`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.getByRole('link', { name: `${product}/partners/join` }).click();
  const join = page.getByRole('form', { name: 'Join' });
  await join.getByLabel('Your e-mail address').fill(email);
  await join.getByLabel('Your website or social handle').fill(wp.url);
  await join.getByLabel('Preferred partner code (optional)').fill(code);
  await join.getByRole('button', { name: 'Join the programme' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox');
  await expect.poll(() => mailsTo(E2E_DATA_DIR, email).length, { timeout: 15_000 }).toBe(1);
  await page.goto(`${product}${linkIn(mailsTo(E2E_DATA_DIR, email)[0]!, '/partners/confirm')}`);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('definition').first()).toHaveText(code);
  const shown = new URL((await page.getByRole('link', { name: /\/partners\?t=/ }).getAttribute('href'))!);
  // The mail and page name PUBLIC_URL; this WordPress reaches the product where it runs here.
  const link = `${product}${shown.pathname}${shown.search}`;

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
