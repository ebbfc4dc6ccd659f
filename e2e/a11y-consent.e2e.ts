/**
 * Accessibility with the third parties' IDs set (docs/quality.md; `npm run audit -- --with-ids` runs this
 * file as its axe gate): every page asks the consent question first, so axe checks each page with the
 * question open (at 360 px), and with its categories shown. The vendors' hosts are answered by local stand-ins.
 */
import { expect, type Page, test } from '@playwright/test';
import { startBuiltServer } from '../scripts/with-server.mjs';
import { axeViolations, builtPagePaths } from '../testing/e2e/site-helpers.js';
import { IDS, standIns } from '../testing/e2e/vendor-stand-ins.js';
import { freePort } from '../testing/server/free-port.js';

const paths = [...(await builtPagePaths()), '/pcm/', '/ha/pricing', '/yo/new-year-sales', '/ig/privacy-policy'];

let server: Awaited<ReturnType<typeof startBuiltServer>>;
test.beforeAll(async () => {
  server = await startBuiltServer(await freePort(), IDS);
});
test.afterAll(() => server?.stop());

async function asked(page: Page, path: string, width: number) {
  await standIns(page);
  await page.setViewportSize({ width, height: 800 });
  await page.goto(server.base + path);
  // The question's name is in the page's language: found by its role and its marker instead.
  const question = page.getByRole('dialog').and(page.locator('[data-consent]'));
  await expect(question).toBeVisible();
  return question;
}

// Every page at the phone's width (the question is the same markup at every width; a11y.e2e.ts checks
// the pages themselves at both), and the categories at both widths.
test.describe('with the consent question open', () => {
  for (const path of paths) {
    test(`given ${path} at 360 px should have no axe violations`, async ({ page }) => {
      await asked(page, path, 360);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  for (const width of [360, 1366]) {
    test(`given its categories shown at ${width} px should have no axe violations`, async ({ page }) => {
      const question = await asked(page, '/', width);
      await question.locator('button[aria-expanded]').click();
      await expect(question.getByRole('checkbox')).toHaveCount(3);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
