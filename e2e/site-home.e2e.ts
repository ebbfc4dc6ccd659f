import { expect, test } from '@playwright/test';
import { analyticsEvents, laidOut, recordAnalytics } from '../testing/e2e/site-helpers.js';

test('given the home page should show the hero, features, blocks, closing banner and contact block', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#signup start-selling-form')).toHaveCount(1);
  await expect(page.locator('#signup').getByRole('link', { name: /Google Play/ })).toBeVisible();
  await expect(page.locator('#signup').getByRole('img', { name: /store front/ })).toBeVisible();
  const about = page.locator('#about');
  await expect(about.getByRole('heading', { name: 'Everything you need, all in one place' })).toBeVisible();
  for (const item of [
    'Free, easy online store',
    'Order and inventory management',
    'Invoicing and bookkeeping',
    'Secure local payments',
  ]) {
    await expect(about.getByRole('heading', { name: item })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: /Inventory and order management/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Insights/ })).toBeVisible();
  await expect(page.locator('#career')).toBeVisible();
  await expect(page.locator('.closing-banner start-selling-form')).toHaveCount(1);
  await expect(page.locator('#customer-support')).toContainText('support@kasuwa.shop');
});

test('given the home page should give every image a width and a height', async ({ page }) => {
  await page.goto('/');
  const unsized = await page
    .locator('main svg, main img')
    .evaluateAll((images) => images.filter((i) => !i.getAttribute('width') || !i.getAttribute('height')).length);
  expect(unsized).toBe(0);
});

test.describe('given the home page on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  // docs/site.md, "Laid out when near": the pictures' SVG text costs a font per size and scale to lay out.
  test('should lay out the pictures far below the fold only once scrolled near them', async ({ page }) => {
    await page.goto('/');
    const insights = page.locator('.insights-picture svg');
    expect(await laidOut(page.locator('#signup .phone-storefront'))).toBe(true);
    expect(await laidOut(insights)).toBe(false);
    await insights.scrollIntoViewIfNeeded();
    await expect.poll(() => laidOut(insights)).toBe(true);
    await expect(insights).toBeInViewport();
  });
});

test.describe('given the audience tabs on a desktop screen', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  const selected = (page: import('@playwright/test').Page) =>
    page.getByRole('tablist').getByRole('tab', { selected: true });

  test('should advance every 15 seconds, 0 → 1 → 2 → 0', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(selected(page)).toHaveText('Creators');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await page.clock.runFor(14_000);
    await expect(selected(page)).toHaveText('Creators');
    await page.clock.runFor(1_000);
    await expect(selected(page)).toHaveText('Small businesses');
    await page.clock.runFor(15_000);
    await expect(selected(page)).toHaveText('Medium enterprises');
    await page.clock.runFor(15_000);
    await expect(selected(page)).toHaveText('Creators');
  });

  test('should stop while paused and go on after play', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    // Leave the tabs with pointer and focus, so only the pause button holds the rotation.
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(45_000);
    await expect(selected(page)).toHaveText('Creators');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(15_000);
    await expect(selected(page)).toHaveText('Small businesses');
  });

  test('should stop while hovered and while focused inside', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    // One panel shown: the site's script, started after the first paint, has taken the tabs over.
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await page.getByRole('tabpanel').hover();
    await page.clock.runFor(45_000);
    await expect(selected(page)).toHaveText('Creators');
    await page.mouse.move(5, 5);
    await page.clock.runFor(15_000);
    await expect(selected(page)).toHaveText('Small businesses');

    await selected(page).focus();
    await page.clock.runFor(45_000);
    await expect(selected(page)).toHaveText('Small businesses');
  });

  test('should switch tabs on click and with arrow keys', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Medium enterprises' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('Grow past one branch');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Creators' })).toBeFocused();
    await expect(selected(page)).toHaveText('Creators');
  });
});

test.describe('given the audience section on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('should show every audience as a stacked card, without tabs', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('tablist')).toBeHidden();
    for (const title of [
      'Turn your followers into customers',
      'Run the whole shop from your phone',
      'Grow past one branch',
    ]) {
      await expect(page.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
    }
  });
});

test('given the pause button should report the toggle as an analytics event', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await recordAnalytics(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Pause' }).click();
  const events = await analyticsEvents(page);
  expect(events).toContainEqual({
    type: 'event',
    category: 'User Interaction',
    action: 'Clicked Button',
    label: 'Made for every kind of seller: Pause',
  });
  expect(events).toContainEqual({
    type: 'event',
    category: 'User Interaction',
    action: 'Toggled Rotation',
    label: 'Audience tabs paused',
  });
});
