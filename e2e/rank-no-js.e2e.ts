/**
 * The rank check without JavaScript: the plain form inside <store-rank-checker> leads to the server's
 * rank page, which shows what the dialog shows, with the API's numbers.
 */
import { expect, type Page, test } from '@playwright/test';
import { formatCompactNaira, formatNaira } from '../common/money.js';

test.use({ javaScriptEnabled: false });

/** Fills the fallback form and submits it; answers the HTTP status of the page it leads to. */
async function check(page: Page, form: ReturnType<Page['locator']>, domain: string) {
  await form.getByRole('textbox', { name: 'Store domain' }).fill(domain);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/new-year-sales/rank')),
    form.getByRole('button', { name: 'Check my rank' }).click(),
  ]);
  await page.waitForLoadState();
  return response.status();
}

test('given a visitor without JavaScript should see their rank from the campaign page form, then errors with the form again', async ({
  page,
  request,
}) => {
  const api = await request.post('/graphql', {
    data: {
      query:
        '{ getStoreLeaderboard(query: { domain: "mama-nkechi-kitchen" }) { name rank totalRevenue winningRevenue revenueToWin } }',
    },
  });
  const standing = (await api.json()).data.getStoreLeaderboard;

  await page.goto('/new-year-sales');
  expect(await check(page, page.locator('store-rank-checker form'), 'Mama-Nkechi-Kitchen.kasuwa.shop')).toBe(200);
  await expect(page).toHaveURL(/\/new-year-sales\/rank\?domain=Mama-Nkechi-Kitchen\.kasuwa\.shop$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your New Year sales ranking');
  const main = page.getByRole('main');
  await expect(main.getByText(standing.name, { exact: true })).toBeVisible();
  await expect(main.getByText(`Rank ${standing.rank}`)).toBeVisible();
  await expect(main.getByRole('definition').first()).toHaveText(formatCompactNaira(standing.totalRevenue));
  await expect(main.getByRole('definition').nth(1)).toHaveText(formatCompactNaira(standing.winningRevenue));
  const progress = main.getByRole('progressbar', {
    name: `Sell over ${formatNaira(standing.revenueToWin)} more to win`,
  });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveJSProperty('tagName', 'PROGRESS');

  // An unknown store: 404, the API's message tied to the field, the typed value kept, nothing else named.
  const form = main.locator('form');
  expect(await check(page, form, 'no-such-store.example')).toBe(404);
  const field = page.getByRole('textbox', { name: 'Store domain' });
  await expect(field).toHaveValue('no-such-store.example');
  await expect(page.getByRole('alert')).toHaveText("We couldn't find a store with that domain");
  await expect(field).toHaveAccessibleDescription("We couldn't find a store with that domain");
  await expect(main).not.toContainText('Rank');

  // Spaces pass the browser's `required`; the server answers Required.
  expect(await check(page, main.locator('form'), '   ')).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('Required');

  // A store with no sales yet.
  expect(await check(page, main.locator('form'), 'tunde-gadgets-hub')).toBe(200);
  await expect(main.getByText('Rank N/A')).toBeVisible();
});

test('given the partner fallback on /widgets should lead to the same rank page', async ({ page }) => {
  await page.goto('/widgets');
  expect(await check(page, page.locator('store-rank-checker form'), 'adaeze-fabrics')).toBe(200);
  await expect(page.getByRole('main').getByText('Rank 1')).toBeVisible();
});
