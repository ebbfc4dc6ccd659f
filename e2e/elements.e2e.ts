/**
 * The widgets behave like elements on a partner's page: a form moved mid-signup keeps its text and says
 * success once; `open` set before the code comes opens the modal; `hidden` hides; a cancelled
 * pricing-plan-select opens nothing; the chosen period is reflected; forced colours keep every state.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { partnerOrigin } from '../testing/e2e/partner-origin.js';

const product = `http://127.0.0.1:${E2E_PORT}`;
const loader = `<script type="module" src="${product}/widgets/kasuwa-widgets.js"></script>`;
const pages: Record<string, string> = {
  '/move': `<div id="first"><start-selling-form></start-selling-form></div><div id="second"></div>`,
  // A page script that runs before our module: the property sits on the element until the code comes.
  '/open-early': `<start-selling-modal></start-selling-modal>
<script>document.querySelector('start-selling-modal').open = true;</script>`,
  '/hidden': `<p>Above</p><store-rank-checker hidden></store-rank-checker><pricing-plans hidden></pricing-plans><p id="below">Below</p>`,
  '/plans': '<pricing-plans period="annual"></pricing-plans>',
  '/rank': '<store-rank-checker></store-rank-checker>',
};
const partner = partnerOrigin(() =>
  Object.fromEntries(
    Object.entries(pages).map(([url, body]) => [
      url,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>${loader}</head>
<body><h1>Partner</h1>${body}</body></html>`,
    ]),
  ),
);

/** Counts each named event reaching the document, from before the page's own scripts. */
async function countEvents(page: Page, names: string[]) {
  await page.addInitScript((list) => {
    const counts: Record<string, number> = {};
    (window as unknown as { counts: Record<string, number> }).counts = counts;
    for (const name of list) document.addEventListener(name, () => (counts[name] = (counts[name] ?? 0) + 1));
  }, names);
  return () => page.evaluate(() => (window as unknown as { counts: Record<string, number> }).counts);
}

test('given a signup form moved while its request is on its way should keep the text and succeed once', async ({
  page,
}) => {
  const counts = await countEvents(page, ['start-selling-success', 'start-selling-error']);
  await page.route(`${product}/graphql`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`${partner.url}move`);
  const field = page.getByRole('textbox', { name: 'Email address' });
  await field.fill(`moved-${Date.now()}@example.ng`);
  const move = () =>
    page.evaluate(() =>
      document.querySelector('#second')?.append(document.querySelector('start-selling-form') as Node),
    );
  await move();
  await expect(field).toHaveValue(/^moved-/);
  await page.getByRole('button', { name: 'Start Selling' }).click();
  await expect(page.getByRole('button', { name: /Start Selling|Sending/ })).toHaveAttribute('aria-busy', 'true');
  await page.evaluate(() =>
    document.querySelector('#first')?.append(document.querySelector('start-selling-form') as Node),
  );
  await expect(page.locator('#first start-selling-form').getByRole('status')).toContainText('Kindly check your email');
  expect(await counts()).toEqual({ 'start-selling-success': 1 });
});

test('given open set before the modal code came should open the dialog', async ({ page }) => {
  await page.goto(`${partner.url}open-early`);
  await expect(page.getByRole('dialog', { name: 'Start Selling with Ease!' })).toBeVisible();
  await expect(page.locator('start-selling-modal')).toHaveAttribute('open', '');
});

test('given hidden widgets should take no room, before and after their code came', async ({ page }) => {
  await page.goto(`${partner.url}hidden`);
  const below = () => page.locator('#below').evaluate((p) => p.getBoundingClientRect().top);
  const before = await below();
  await page.evaluate(async (url) => {
    const { ready } = await import(url);
    await Promise.all([ready('store-rank-checker'), ready('pricing-plans')]);
  }, `${product}/widgets/kasuwa-widgets.js`);
  const heights = await page.evaluate(() =>
    ['store-rank-checker', 'pricing-plans'].map((tag) => document.querySelector(tag)?.getBoundingClientRect().height),
  );
  expect(heights).toEqual([0, 0]);
  expect(await below()).toBe(before);
  await expect(page.getByRole('textbox', { name: 'Store domain' })).toBeHidden();
});

test('given the page cancels pricing-plan-select should open nothing; uncancelled, the modal opens', async ({
  page,
}) => {
  const counts = await countEvents(page, ['start-selling-open', 'pricing-plan-select']);
  await page.goto(`${partner.url}plans`);
  await page.evaluate(() => {
    const cancel = (event: Event) => event.preventDefault();
    document.addEventListener('pricing-plan-select', cancel);
    (window as unknown as { stopCancelling: () => void }).stopCancelling = () =>
      document.removeEventListener('pricing-plan-select', cancel);
  });
  const getStarted = page.getByRole('button', { name: /Get Started/ }).first();
  await getStarted.click();
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await counts()).toEqual({ 'pricing-plan-select': 1 });
  await page.evaluate(() => (window as unknown as { stopCancelling: () => void }).stopCancelling());
  await getStarted.click();
  await expect(page.getByRole('dialog', { name: 'Start Selling with Ease!' })).toBeVisible();
  expect(await counts()).toEqual({ 'pricing-plan-select': 2, 'start-selling-open': 1 });
});

test('given the reader chooses Monthly should reflect it in period, and setting annual again should switch back', async ({
  page,
}) => {
  await page.goto(`${partner.url}plans`);
  const plans = page.locator('pricing-plans');
  await page.getByRole('button', { name: 'Monthly', exact: true }).click();
  await expect(plans).toHaveAttribute('period', 'monthly');
  expect(await plans.evaluate((element) => (element as HTMLElement & { period: string }).period)).toBe('monthly');
  await plans.evaluate((element) => {
    (element as HTMLElement & { period: string }).period = 'annual';
  });
  await expect(page.getByRole('button', { name: /^Annual/ })).toHaveAttribute('aria-pressed', 'true');
});

test('given forced colours should keep the pressed period and the rank bar visible', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto(`${partner.url}plans`);
  const pressed = page.getByRole('button', { name: /^Annual/ });
  const unpressed = page.getByRole('button', { name: 'Monthly', exact: true });
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  const background = (button: typeof pressed) =>
    button.evaluate((element) => getComputedStyle(element).backgroundColor);
  // The system's highlight behind the pressed one, the button face behind the other: two colours.
  expect(await background(pressed)).not.toBe(await background(unpressed));
  await page.locator('pricing-plans').screenshot({ path: 'test-results/forced-colors-pricing-plans.png' });

  await page.goto(`${partner.url}rank`);
  await page.getByRole('textbox', { name: 'Store domain' }).fill('mama-nkechi-kitchen');
  await page.getByRole('button', { name: 'Check my rank' }).click();
  const bar = page.getByRole('progressbar');
  await expect(bar).toBeVisible();
  // The dialog opens at once with placeholders and an empty bar; the fill is drawn from the answer.
  await expect(page.getByRole('dialog')).not.toHaveAttribute('aria-busy', 'true');
  const fill = await bar.evaluate((element) => {
    const child = element.firstElementChild as HTMLElement;
    return { width: child.getBoundingClientRect().width, color: getComputedStyle(child).backgroundColor };
  });
  expect(fill.width).toBeGreaterThan(0);
  expect(fill.color).not.toBe(await bar.evaluate((element) => getComputedStyle(element).backgroundColor));
  await page.getByRole('dialog').screenshot({ path: 'test-results/forced-colors-rank-dialog.png' });
});
