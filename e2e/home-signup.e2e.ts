import { expect, test } from '@playwright/test';
import { storedSignup } from '../testing/e2e/stored-signup.js';

test('given a visitor on the home page should sign up with an e-mail and see the success toast', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Kasuwa/);
  const hero = page.locator('#signup start-selling-form');
  const email = hero.getByRole('textbox', { name: 'Email address' });
  const submit = hero.getByRole('button', { name: 'Start Selling' });
  await expect(submit).toBeDisabled();

  await email.fill('amaka.e2e@example.com');
  await expect(submit).toBeEnabled();
  await submit.click();

  const toast = hero.getByRole('status').filter({ hasText: 'Success' });
  await expect(toast).toContainText('Kindly check your email');
  await expect(email).toHaveValue('');

  expect(storedSignup('amaka.e2e@example.com')).toMatchObject({
    email: 'amaka.e2e@example.com',
    source: expect.stringMatching(/^127\.0\.0\.1:\d+\/$/),
  });
});

test('given an unknown path should show the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page not found');
});
