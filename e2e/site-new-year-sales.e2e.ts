import { expect, test } from '@playwright/test';
import { analyticsEvents, recordAnalytics } from '../testing/e2e/site-helpers.js';

test('given the campaign page should show the cards, grants, rank check, steps and promo', async ({ page }) => {
  await page.goto('/new-year-sales');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('fresh start');
  for (const card of ['Discounts & Coupons', 'Inventory & Order Management', 'Invoicing & Checkout']) {
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  }
  for (const amount of ['₦300,000', '₦200,000', '₦100,000', '₦20,000 – ₦50,000']) {
    await expect(page.locator('.grants')).toContainText(amount);
  }
  await expect(page.locator('.grants')).toContainText('plus merchandise');
  const rank = page.locator('#rank-check store-rank-checker');
  await expect(rank).toHaveCount(1);
  await expect(rank.getByRole('textbox', { name: 'Store domain' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get started in 3 simple steps' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Enjoy 1 Month Free on/ })).toBeVisible();
  const promo = page.locator('.promo');
  await expect(promo).toContainText('Basic');
  await expect(promo).toContainText('₦0/month');
  await expect(promo).toContainText('₦12,000/month');
  // Links to the signup form without JavaScript; buttons that open the dialog once the script runs.
  await expect(promo.getByRole('button', { name: 'Claim Your 1 Month Free Now!' })).toHaveAttribute(
    'data-start-selling',
    '',
  );
  const startNow = page.getByRole('button', { name: 'Start Selling Now!' });
  expect(await startNow.count()).toBeGreaterThanOrEqual(2);
  for (const link of await startNow.all()) await expect(link).toHaveAttribute('data-start-selling', '');
});

test('given "Stand a chance to win!" should bring the rank check into view', async ({ page }) => {
  await page.goto('/new-year-sales');
  await page.locator('.section-dark').getByRole('link', { name: 'Stand a chance to win!' }).click();
  await expect(page.locator('#rank-check')).toBeInViewport();
  await expect(page).toHaveURL(/#rank-check$/);
});

test('given the three steps should highlight exactly one, starting at 1, and move it on click', async ({ page }) => {
  await recordAnalytics(page);
  await page.goto('/new-year-sales');
  const steps = page.locator('[data-steps]').getByRole('button');
  await expect(steps).toHaveCount(3);
  const current = page.locator('[data-steps] [aria-current="step"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Sign up or reactivate your account');
  await steps.filter({ hasText: 'Set up your online store in minutes' }).click();
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Set up your online store in minutes');
  await steps.filter({ hasText: 'Start selling' }).click();
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Start selling');
  expect(await analyticsEvents(page)).toContainEqual({
    type: 'event',
    category: 'User Interaction',
    action: 'Clicked Button',
    label: 'Step 3: Start selling',
  });
});
