/**
 * Accessibility gate: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules on every page at
 * 360 and 1366 px, and in every widget state a visitor can reach. axe looks inside open shadow roots.
 */
import { expect, type Page, test } from '@playwright/test';
import { STORE_NOT_FOUND_MESSAGE } from '../common/messages.js';
import { builtPagePaths, axeViolations as violations } from '../testing/e2e/site-helpers.js';

const WIDTHS = [360, 1366];
const paths = [
  ...(await builtPagePaths()),
  // Rendered by the server per request: the no-JavaScript rank check, found and not found.
  '/new-year-sales/rank?domain=mama-nkechi-kitchen',
  '/new-year-sales/rank?domain=no-such-store',
  // Other languages: the same templates, longer words and the language menu's marked current link.
  '/yo/new-year-sales',
  '/ha/',
  '/ig/pricing',
];

/**
 * Upgrades every widget on the page, so axe sees the real controls: the loader's ready() (a widget far
 * below the fold, or the modal, would otherwise load only when near or asked for).
 */
async function widgetsReady(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const loader: { ready(tag: string): Promise<unknown> } = await import('/widgets/kasuwa-widgets.js' as string);
    const tags = ['start-selling-form', 'store-rank-checker', 'pricing-plans', 'start-selling-modal'];
    await Promise.all(tags.filter((tag) => document.querySelector(tag)).map((tag) => loader.ready(tag)));
  });
}

async function open(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(path);
  await widgetsReady(page);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    for (const path of paths) {
      test(`given ${path} should have no axe violations`, async ({ page }) => {
        await open(page, path, width);
        expect(await violations(page)).toEqual([]);
      });
    }

    test('given the start-selling modal open should have no axe violations', async ({ page }) => {
      await open(page, '/', width);
      await page.locator('[data-start-selling]:visible').first().click();
      await expect(page.getByRole('dialog', { name: 'Start Selling with Ease!' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('given the modal showing a validation error should have no axe violations', async ({ page }) => {
      await open(page, '/', width);
      await page.locator('[data-start-selling]:visible').first().click();
      const modal = page.getByRole('dialog', { name: 'Start Selling with Ease!' });
      const email = modal.getByRole('textbox', { name: 'Email address' });
      await email.fill('not-an-email');
      await email.blur();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(await violations(page)).toEqual([]);
    });

    test('given the leaderboard dialog open should have no axe violations', async ({ page }) => {
      await open(page, '/new-year-sales', width);
      const checker = page.locator('store-rank-checker');
      await checker.getByRole('textbox', { name: 'Store domain' }).fill('adaeze-fabrics');
      await checker.getByRole('button', { name: 'Check my rank' }).click();
      const dialog = checker.getByRole('dialog', { name: 'Your New Year sales ranking' });
      await expect(dialog).toBeVisible();
      // It opens at once with placeholders; axe looks at the answer.
      await expect(dialog).not.toHaveAttribute('aria-busy', 'true');
      expect(await violations(page)).toEqual([]);
    });

    test("given the leaderboard dialog with the Winner's Revenue popover open should have no axe violations", async ({
      page,
    }) => {
      await open(page, '/new-year-sales', width);
      const checker = page.locator('store-rank-checker');
      await checker.getByRole('textbox', { name: 'Store domain' }).fill('adaeze-fabrics');
      await checker.getByRole('button', { name: 'Check my rank' }).click();
      await checker.getByRole('button', { name: "What is Winner's Revenue?" }).click();
      const popover = checker.getByRole('dialog', { name: "Winner's Revenue" });
      await expect(popover).toBeVisible();
      // Its styles arrive with its chunk, under the site's strict CSP: an opaque card, not bare text.
      await expect(popover).toHaveCSS('background-color', 'rgb(255, 255, 255)');
      expect(await violations(page)).toEqual([]);
    });

    test('given the rank error under the field should have no axe violations', async ({ page }) => {
      await open(page, '/new-year-sales', width);
      const checker = page.locator('store-rank-checker');
      const field = checker.getByRole('textbox', { name: 'Store domain' });
      await field.fill('no-such-store-anywhere');
      await checker.getByRole('button', { name: 'Check my rank' }).click();
      await expect(field).toHaveAccessibleDescription(STORE_NOT_FOUND_MESSAGE);
      expect(await violations(page)).toEqual([]);
    });

    test('given pricing switched to monthly should have no axe violations', async ({ page }) => {
      await open(page, '/pricing', width);
      const monthly = page.locator('pricing-plans').first().getByRole('button', { name: 'Monthly' });
      await monthly.click();
      await expect(monthly).toHaveAttribute('aria-pressed', 'true');
      expect(await violations(page)).toEqual([]);
    });
  });
}

test('given the drawer open at 360 px should have no axe violations', async ({ page }) => {
  await open(page, '/', 360);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
