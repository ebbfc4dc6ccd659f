import { expect, test } from '@playwright/test';
import { analyticsEvents, recordAnalytics } from '../testing/e2e/site-helpers.js';

const pages = [
  ['/', 'Home Page'],
  ['/new-year-sales', 'New Year Sales Page'],
  ['/pricing', 'Pricing Page'],
  ['/privacy-policy', 'Privacy Policy Page'],
  ['/terms-and-conditions', 'Terms and Conditions Page'],
  ['/subscription/success', 'Mobile App Subscription Success Page'],
] as const;

test('given any page should send one page view with its analytics title', async ({ page }) => {
  await recordAnalytics(page);
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect.poll(() => analyticsEvents(page)).toEqual([{ type: 'page_view', title, path }]);
  }
});

test('given the not-found page should answer 404 and send no page view', async ({ page }) => {
  await recordAnalytics(page);
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page not found');
  await page.waitForLoadState('load');
  expect(await analyticsEvents(page)).toEqual([]);
});

test('given the header and footer should have every required link, and every internal one resolves', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const header = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['About', 'Pricing', 'Demo Store', 'New Year Sales', 'Help Center']) {
    await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.locator('.site-header .lang-menu summary')).toHaveText('Language: English');
  await expect(page.locator('.site-header').getByRole('button', { name: 'Start Selling' })).toHaveAttribute(
    'data-start-selling',
    '',
  );
  const footer = page.getByRole('contentinfo');
  for (const name of ['About', 'Pricing', 'Demo Store', 'New Year Sales', 'Career', 'Customer Support', 'FAQs']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  for (const name of ['Terms & Conditions', 'Privacy Policy', 'Instagram', 'Facebook', 'X', 'LinkedIn']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: /Google Play/ })).toBeVisible();
  await expect(footer.getByRole('link', { name: /App Store/ })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Kasuwa Technologies Limited`);

  const hrefs = await page
    .locator('header a[href], footer a[href]')
    .evaluateAll((links) => [...new Set(links.map((a) => (a as HTMLAnchorElement).href))]);
  const origin = new URL(page.url()).origin;
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) {
      expect(url.protocol, href).toBe('https:');
      continue;
    }
    const response = await request.get(url.pathname);
    expect(response.status(), href).toBe(200);
    if (url.hash) {
      const html = await response.text();
      expect(html, `${href}: the target page has the anchor`).toContain(`id="${url.hash.slice(1)}"`);
    }
  }
});

test('given every page should have in-page links that resolve too', async ({ page, request }) => {
  for (const [path] of pages) {
    await page.goto(path);
    const here = new URL(page.url()).origin;
    const hrefs = await page
      .locator('main a[href]')
      .evaluateAll((links) => [...new Set(links.map((a) => (a as HTMLAnchorElement).href))]);
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== here) continue;
      const response = await request.get(url.pathname);
      expect(response.status(), `${path} → ${href}`).toBe(200);
      if (url.hash) expect(await response.text(), href).toContain(`id="${url.hash.slice(1)}"`);
    }
  }
});

test.describe('given a 360 px wide screen', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('should open the menu drawer as a dialog, lock scrolling, and close it with the close button and Esc', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['About', 'Pricing', 'Demo Store', 'New Year Sales', 'Help Center']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole('button', { name: 'Start Selling', exact: true })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    // Focus is inside the dialog.
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);

    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

    await menu.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});

test("given the script has taken over the header's Start Selling should be a button that Space opens the dialog with", async ({
  page,
}) => {
  await page.goto('/');
  const opener = page.locator('.site-header').getByRole('button', { name: 'Start Selling' });
  await expect(opener).toHaveAttribute('href', '/#signup');
  await opener.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('dialog', { name: 'Start Selling with Ease!' })).toBeVisible();
  expect(await page.evaluate(() => scrollY)).toBe(0);
  await expect(page).toHaveURL(/\/$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("given the header's Start Selling should be a link to the signup form", async ({ page }) => {
    await page.goto('/pricing');
    await page.locator('.site-header').getByRole('link', { name: 'Start Selling' }).click();
    await expect(page).toHaveURL(/\/#signup$/);
  });
});

test('given a visitor clicking links and buttons should report each click with category, action and label', async ({
  page,
}) => {
  await recordAnalytics(page);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Career' }).click();
  const events = await analyticsEvents(page);
  expect(events).toContainEqual({
    type: 'event',
    category: 'User Interaction',
    action: 'Clicked Link',
    label: 'Header: About',
  });
  expect(events).toContainEqual({
    type: 'event',
    category: 'User Interaction',
    action: 'Clicked Link',
    label: 'Footer: Career',
  });
});

test('given the site should publish a sitemap, robots.txt, canonical URLs and structured data', async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/', '/new-year-sales', '/pricing', '/privacy-policy', '/terms-and-conditions']) {
    expect(sitemap).toContain(`<loc>https://kasuwa.shop${path}</loc>`);
  }
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: https://kasuwa.shop/sitemap.xml');
  await page.goto('/pricing');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://kasuwa.shop/pricing');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    'https://kasuwa.shop/og/pricing.png',
  );
  expect((await request.get('/og/pricing.png')).status()).toBe(200);
  const types = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '{}')['@type']));
  expect(types).toEqual(['Organization', 'Product', 'FAQPage']);
});

test('given a page built in an earlier year should show the current year in the footer', async ({ page }) => {
  await page.clock.install({ time: new Date('2031-03-01T10:00:00+01:00') });
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('contentinfo')).toContainText('© 2031 Kasuwa Technologies Limited');
});

test.describe('given a 360 px wide screen with JavaScript off', () => {
  test.use({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });

  test('should still open and close the menu drawer (command invokers)', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Pricing', exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
  });
});

test('given every page should load without console errors or failed requests', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  for (const [path] of pages) await page.goto(path, { waitUntil: 'networkidle' });
  expect(problems).toEqual([]);
});

for (const width of [320, 1440]) {
  test(`given a ${width} px wide screen should not scroll sideways on any page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    // The pages, and the no-JavaScript rank answer with six-digit revenues in its two cards.
    for (const path of [...pages.map(([path]) => path), '/new-year-sales/rank?domain=mama-nkechi-kitchen']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}

test('given a button inside a widget shadow root should report its click with the widget named', async ({ page }) => {
  await recordAnalytics(page);
  await page.goto('/pricing');
  await page.evaluate(() => {
    const host = document.createElement('demo-widget');
    host.attachShadow({ mode: 'open' }).innerHTML = '<button type="button">Get Started</button>';
    document.querySelector('main')?.append(host);
  });
  await page.locator('demo-widget').getByRole('button', { name: 'Get Started' }).click();
  expect(await analyticsEvents(page)).toContainEqual({
    type: 'event',
    category: 'User Interaction',
    action: 'Clicked Button',
    label: 'demo-widget: Get Started',
  });
});
