import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.js';
import { storedSignup } from '../testing/e2e/stored-signup.js';

test.use({ javaScriptEnabled: false });

test('given a visitor without JavaScript should sign up through the plain form and get an e-mail file', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.locator('#signup form');
  await form.getByRole('textbox', { name: 'Email address' }).fill('not-an-email@example');
  await form.getByRole('button', { name: 'Start Selling' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email address');

  await page.getByRole('textbox', { name: 'Email address' }).fill('bola.nojs@example.com');
  await page.getByRole('button', { name: 'Start Selling' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kindly check your email');

  expect(storedSignup('bola.nojs@example.com')).toMatchObject({
    source: expect.stringMatching(/^127\.0\.0\.1:\d+\/$/),
  });

  const mailDir = path.join(E2E_DATA_DIR, 'mail');
  await expect
    .poll(() =>
      (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [])
        .filter((name) => name.endsWith('.eml'))
        .some((name) => fs.readFileSync(path.join(mailDir, name), 'utf8').includes('To: bola.nojs@example.com')),
    )
    .toBe(true);
});
