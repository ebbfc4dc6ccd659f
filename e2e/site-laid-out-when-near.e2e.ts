/**
 * docs/site.md, "Laid out when near": sections below the first screen are laid out only when the reader
 * comes near them, so the first frame lays out (and looks up fonts for) little more than the first screen.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AXE_TAGS, builtPagePaths, laidOut } from '../testing/e2e/site-helpers.js';
import { hostSizes } from '../widgets/registry.js';

test.describe('given a long page on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  // Not /pricing: on a screen 800 px high its two later sections are within what Chromium lays out ahead.
  for (const pagePath of ['/', '/new-year-sales', '/privacy-policy', '/terms-and-conditions']) {
    test(`${pagePath} should lay out its last sections only once scrolled near them`, async ({ page }) => {
      await page.goto(pagePath);
      const heading = page.locator('.render-when-near').last().getByRole('heading', { level: 2 }).first();
      expect(await laidOut(heading)).toBe(false);
      await heading.scrollIntoViewIfNeeded();
      await expect.poll(() => laidOut(heading)).toBe(true);
      await expect(heading).toBeInViewport();
    });
  }

  test('the privacy policy contents should bring a section not laid out yet into view, laid out', async ({ page }) => {
    await page.goto('/privacy-policy');
    const heading = page.locator('#contact').getByRole('heading', { name: /Contact us/ });
    expect(await laidOut(heading)).toBe(false);
    await page.locator('.legal-toc').getByRole('link', { name: 'Contact us' }).click();
    await expect(heading).toBeInViewport();
    expect(await laidOut(heading)).toBe(true);
  });
});

// The loader's observer (a screen ahead, widgets/loader.ts) sees a widget only once Chromium has laid its
// section out (about a screen and a half ahead): none is put there, so its loading never hangs on that.
test('given any page no widget should wait in a section laid out when near', async ({ page }) => {
  const widgets = Object.keys(hostSizes).join(', ');
  for (const pagePath of await builtPagePaths()) {
    await page.goto(pagePath);
    await expect(page.locator('.render-when-near').locator(widgets), pagePath).toHaveCount(0);
  }
});

// Lighthouse's axe judges the page as loaded, sections not laid out included: light text on a dark
// section not laid out yet is judged against white. None may be deferred.
test('given any page as loaded on a phone, text not laid out yet should pass the contrast check', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  for (const pagePath of await builtPagePaths()) {
    await page.goto(pagePath);
    const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).withRules(['color-contrast']).analyze();
    expect(
      violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))),
      pagePath,
    ).toEqual([]);
  }
});
