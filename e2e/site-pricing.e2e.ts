import { expect, test } from '@playwright/test';
import { analyticsEvents, recordAnalytics } from '../testing/e2e/site-helpers.js';

test('given the pricing page should show the plans, benefits, FAQ and contact block', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  const plans = page.locator('pricing-plans');
  await expect(plans).toHaveCount(1);
  for (const title of ['Free', 'Starter', 'Plus', 'Pro']) await expect(plans).toContainText(title);
  await expect(plans).toContainText('Save 33%');
  await expect(page.getByRole('img', { name: /Stock levels/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /revenue line chart/ })).toBeVisible();
  await expect(page.locator('#faqs details')).toHaveCount(10);
  await expect(page.locator('#faqs')).toContainText('Add New Store');
  await expect(page.locator('#faqs')).toContainText('within one business day');
  await expect(page.locator('#faqs')).toContainText('₦2,000 to ₦12,000');
  await expect(page.locator('#customer-support')).toBeVisible();
});

test('given the FAQ should keep at most one entry open and let it collapse', async ({ page }) => {
  await recordAnalytics(page);
  await page.goto('/pricing#faqs');
  const entries = page.locator('#faqs details');
  const open = page.locator('#faqs details[open]');
  const question = (text: RegExp) => page.locator('#faqs summary').filter({ hasText: text });

  await question(/more than one store/).click();
  await expect(open).toHaveCount(1);
  await expect(open).toContainText('several stores');
  await question(/When do I get paid/).click();
  await expect(open).toHaveCount(1);
  await expect(open).toContainText('one business day');
  await question(/When do I get paid/).click();
  await expect(open).toHaveCount(0);
  await expect(entries).toHaveCount(10);

  const events = await analyticsEvents(page);
  expect(events).toContainEqual({
    type: 'event',
    category: 'User Interaction',
    action: 'Opened FAQ',
    label: 'When do I get paid for sales on my website?',
  });
  expect(events).toContainEqual({
    type: 'event',
    category: 'User Interaction',
    action: 'Closed FAQ',
    label: 'When do I get paid for sales on my website?',
  });
});

test('given the billing toggle of <pricing-plans> should report the chosen period', async ({ page }) => {
  await recordAnalytics(page);
  await page.goto('/pricing');
  // The site's script starts after the first paint (docs/site.md): its page view says it listens.
  await expect.poll(() => analyticsEvents(page)).toContainEqual(expect.objectContaining({ type: 'page_view' }));
  // The widget announces its toggle with a bubbling, composed event; the site only listens for it.
  await page
    .locator('pricing-plans')
    .evaluate((element) =>
      element.dispatchEvent(
        new CustomEvent('pricing-period-change', { detail: { period: 'monthly' }, bubbles: true, composed: true }),
      ),
    );
  expect(await analyticsEvents(page)).toContainEqual({
    type: 'event',
    category: 'User Interaction',
    action: 'Toggled Billing Period',
    label: 'Monthly',
  });
});
