/**
 * The embed builder (docs/embedding.md, "The embed builder"): on /widgets a partner chooses the form, a
 * campaign and a colour, copies the HTML snippet, and exactly that snippet on a page of another origin
 * takes a signup stored with their code and campaign. The builder passes axe with its preview live, starts
 * that preview only near the viewport, warns of low contrast, and shows the snippets without JavaScript.
 */
import { expect, type Page, test } from '@playwright/test';
import { adminCommand } from '../testing/e2e/admin-command.js';
import { partnerOrigin } from '../testing/e2e/partner-origin.js';
import { axeViolations, cspViolations } from '../testing/e2e/site-helpers.js';
import { storedSignup } from '../testing/e2e/stored-signup.js';

const CODE = 'e2e-builder-blog';
const CAMPAIGN = 'issue "7" <b>';
// The partner's page, filled with the copied snippet during the test.
const served: Record<string, string> = {};
const partner = partnerOrigin(() => served);

const builder = (page: Page) => page.getByRole('region', { name: 'Build your widget' });
const previewWidget = (page: Page, tag: string) =>
  page.frameLocator('iframe[title="Live preview of the widget"]').locator(tag);

test('given the form, a campaign and a colour copied from /widgets should take a signup on another origin with that code and campaign', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/widgets');
  const section = builder(page);
  await section.getByRole('radio', { name: 'Signup form' }).check();
  await section.getByRole('textbox', { name: 'Your partner code' }).fill(CODE);
  await section.getByRole('textbox', { name: 'Campaign (optional)' }).fill(CAMPAIGN);
  await section.getByLabel('Buttons and links').fill('#7a1fa2');
  // The preview is the real widget with the choice applied.
  const preview = previewWidget(page, 'start-selling-form');
  // A signup tried in the preview is not counted for the partner.
  await expect(preview).not.toHaveAttribute('partner');
  await expect(preview).not.toHaveAttribute('campaign');
  await expect(preview.getByRole('button', { name: 'Start Selling' })).toHaveCSS(
    'background-color',
    'rgb(122, 31, 162)',
  );

  await section.getByRole('button', { name: 'Copy Plain HTML', exact: true }).click();
  await expect(section.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(section.getByRole('status').filter({ hasText: 'Plain HTML code copied.' })).toBeAttached();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toContain('/widgets/v1/kasuwa-widgets.js"></script>');
  expect(snippet).toContain('style="--kasuwa-primary: #7a1fa2"');
  expect(snippet).toContain('campaign="issue &quot;7&quot; &lt;b&gt;"');

  served['/'] =
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>A blog</title></head>\n<body><h1>My blog</h1>\n${snippet}\n</body></html>`;
  await page.goto(partner.url);
  const form = page.locator('start-selling-form');
  await expect(form.getByRole('button', { name: 'Start Selling' })).toHaveCSS('background-color', 'rgb(122, 31, 162)');
  await form.getByRole('textbox', { name: 'Email address' }).fill('builder.snippet@example.com');
  await form.getByRole('button', { name: 'Start Selling' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Success' })).toBeVisible();
  await expect.poll(() => storedSignup('builder.snippet@example.com')?.partner).toBe(CODE);
  expect(storedSignup('builder.snippet@example.com')?.campaign).toBe(CAMPAIGN);
});

test('given /widgets opened at the top should start the preview only when the builder comes near', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/widgets');
  await page.waitForLoadState('networkidle');
  const frame = page.getByTitle('Live preview of the widget');
  await expect(frame).not.toHaveAttribute('srcdoc');
  await builder(page).getByRole('heading', { name: 'Build your widget' }).scrollIntoViewIfNeeded();
  await expect(frame).toHaveAttribute('srcdoc', /kasuwa-widgets\.js/);
  await frame.scrollIntoViewIfNeeded();
  await expect(previewWidget(page, 'start-selling-form').locator(':scope:defined')).toBeAttached();
});

test('given colours under AA should say so in a live region, and the usual colours should pass', async ({ page }) => {
  await page.goto('/widgets');
  const section = builder(page);
  const verdict = section.getByRole('status').filter({ hasText: 'contrast' });
  await expect(verdict).toHaveText('Every text has a contrast of 4.5:1 or more (WCAG AA).');
  await section.getByLabel('Buttons and links').fill('#88ccaa');
  await expect(verdict).toContainText('Low contrast: Text on buttons on Buttons and links is 1.8:1');
  await section.getByRole('button', { name: 'Back to the usual colours' }).click();
  await expect(verdict).toHaveText('Every text has a contrast of 4.5:1 or more (WCAG AA).');
});

for (const width of [360, 1280]) {
  test(`given the builder with each widget previewed at ${width} px should have no axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/widgets#embed-builder');
    const section = builder(page);
    for (const [name, tag] of [
      ['Pricing plans', 'pricing-plans'],
      ['Signup form', 'start-selling-form'],
    ] as const) {
      await section.getByRole('radio', { name }).check();
      await expect(previewWidget(page, tag).locator(':scope:defined')).toBeAttached();
      expect(await axeViolations(page)).toEqual([]);
    }
  });
}

test("given a partner's own page should build with their code under its CSP, ask no other host, and copy no token", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const violations = cspViolations(page);
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).origin));
  const link = new URL(adminCommand('partners:link', CODE));
  await page.goto(`${link.pathname}${link.search}`);
  const section = builder(page);
  await expect(section).toContainText(`Your partner code: ${CODE}`);
  await section.getByRole('radio', { name: 'Pricing plans' }).check();
  await section.getByRole('button', { name: 'Copy WordPress plugin' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`[kasuwa_pricing partner="${CODE}"]`);
  expect(copied).not.toContain(link.searchParams.get('t') ?? 'no token');
  await expect(previewWidget(page, 'pricing-plans').locator(':scope:defined')).toBeAttached();
  expect(await axeViolations(page)).toEqual([]);
  expect(violations).toEqual([]);
  expect([...hosts]).toEqual([new URL(baseURL ?? '').origin]);
});

test('given no clipboard should select the code and say how to copy it; given the keyboard should choose a widget', async ({
  page,
}) => {
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await page.goto('/widgets');
  const section = builder(page);
  await section.getByRole('button', { name: 'Copy Vue' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'press Ctrl+C' })).toBeAttached();
  expect(await page.evaluate(() => getSelection()?.toString())).toContain("import '@kasuwa/widgets/vue';");

  await section.getByRole('radio', { name: 'Signup form' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(section.getByRole('radio', { name: 'Start Selling button with its dialog' })).toBeChecked();
  await expect(section.locator('code[data-snippet="html"]')).toContainText(
    '<start-selling-modal partner="your-partner-code">',
  );
  await expect(previewWidget(page, 'button[data-start-selling]')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('given /widgets should show the five snippets with the default choice and no form', async ({ page }) => {
    await page.goto('/widgets');
    const section = builder(page);
    for (const name of ['Plain HTML', 'Plain HTML, pinned with its integrity', 'WordPress plugin', 'React', 'Vue'])
      await expect(section.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(section.locator('pre').first()).toContainText('<start-selling-form partner="your-partner-code">');
    await expect(section.getByRole('radio')).toHaveCount(0);
    await expect(section.getByRole('button')).toHaveCount(0);
  });
});
