/**
 * Ask before tracking (docs/site.md#cookies-and-consent): a second built server with the three IDs set,
 * the vendors' hosts answered by local stand-ins that set the real scripts' cookies (testing/e2e/vendor-stand-ins.ts).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { startBuiltServer } from '../scripts/with-server.mjs';
import { layoutShiftSum, recordLayoutShifts } from '../testing/e2e/site-helpers.js';
import { hits, IDS, standIns } from '../testing/e2e/vendor-stand-ins.js';
import { runAdmin } from '../testing/server/admin-cli.js';
import { freePort } from '../testing/server/free-port.js';

let server: Awaited<ReturnType<typeof startBuiltServer>>;
test.beforeAll(async () => {
  server = await startBuiltServer(await freePort(), IDS);
});
test.afterAll(() => server?.stop());

const at = (path: string) => `${server.base}${path}`;
const question = (page: Page) => page.getByRole('dialog', { name: 'Cookies on Kasuwa' });
const vendorCookies = async (context: BrowserContext) =>
  (await context.cookies()).map((cookie) => cookie.name).filter((name) => /^(_ga|_gid|_fbp|twk_)/.test(name));
const dataLayer = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((args) => [...args]));

test('given no IDs configured should load no third-party script and ask nothing', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Chat with us' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cookie settings' })).toHaveCount(0);
});

test('given a first visit should ask, request nothing from a vendor and set no cookie', async ({ page, context }) => {
  const requests = await standIns(page);
  await page.goto(at('/'), { waitUntil: 'networkidle' });
  await expect(question(page)).toBeVisible();
  await expect(question(page).getByRole('heading', { name: 'Cookies on Kasuwa' })).toBeFocused();
  const accept = await question(page).getByRole('button', { name: 'Accept all' }).boundingBox();
  const reject = await question(page).getByRole('button', { name: 'Reject all' }).boundingBox();
  expect([reject?.width, reject?.height]).toEqual([accept?.width, accept?.height]);
  expect(requests).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => window.gtag)).toBeUndefined();
});

test('given Reject all should hold on the next pages and in another language', async ({ page, context }) => {
  const requests = await standIns(page);
  await page.goto(at('/'));
  await question(page).getByRole('button', { name: 'Reject all' }).click();
  await expect(question(page)).toBeHidden();
  for (const path of ['/pricing', '/yo/new-year-sales']) {
    await page.goto(at(path), { waitUntil: 'networkidle' });
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  expect(requests).toEqual([]);
  expect(await vendorCookies(context)).toEqual([]);
});

test('given an answer should record it for consent:report, with the page language and no personal data', async ({
  page,
}) => {
  const report = () => runAdmin({ DATA_DIR: server.dataDir, DATABASE_URL: '' }, 'consent:report').stdout;
  const rejected = () => Number(/^total\s+\d+\s+(\d+)/m.exec(report())?.[1] ?? 0);
  const before = rejected();
  await page.goto(at('/ha/'));
  const sent = page.waitForRequest((request) => request.url().endsWith('/consent'));
  await page.getByRole('dialog', { name: 'Kukis a Kasuwa' }).getByRole('button', { name: 'Ƙi duka' }).click();
  const body = JSON.parse((await sent).postData() ?? '{}');
  expect(Object.keys(body).sort()).toEqual(['analytics', 'at', 'chat', 'id', 'lang', 'marketing', 'v']);
  expect(body).toMatchObject({ lang: 'ha', analytics: false, marketing: false, chat: false });
  await expect.poll(rejected).toBe(before + 1);
});

test('given Accept all should run Consent Mode in order, load GA and the pixel, and not the chat', async ({
  page,
  context,
}) => {
  const requests = await standIns(page);
  await page.goto(at('/pricing'));
  await question(page).getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => vendorCookies(context)).toEqual(expect.arrayContaining(['_ga', '_gid', '_fbp']));
  const layer = await dataLayer(page);
  const index = (match: (args: unknown[]) => boolean) => layer.findIndex(match);
  const denied = {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  };
  // Google's advertising signals stay denied: the site runs no Google Ads, and Marketing names only Meta.
  const granted = { ...denied, analytics_storage: 'granted' };
  const order = [
    index((args) => args[0] === 'consent' && args[1] === 'default'),
    index((args) => args[0] === 'config'),
    index((args) => args[0] === 'consent' && args[1] === 'update'),
    index((args) => args[0] === 'event' && args[1] === 'page_view'),
  ];
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(order[0]).toBeGreaterThanOrEqual(0);
  expect(layer[order[0] as number]).toEqual(['consent', 'default', denied]);
  expect(layer[order[2] as number]).toEqual(['consent', 'update', granted]);
  expect(layer[order[3] as number]).toEqual([
    'event',
    'page_view',
    { page_title: 'Pricing Page', page_path: '/pricing', page_location: at('/pricing') },
  ]);
  await expect.poll(() => hits(requests)).toEqual(expect.arrayContaining(['page_view', 'PageView']));
  expect(requests.some((request) => request.url().includes('tawk.to'))).toBe(false);
});

test('given the chat button should load tawk.to only when pressed, asking for the chat first', async ({ page }) => {
  const requests = await standIns(page);
  await page.goto(at('/'));
  await question(page).getByRole('button', { name: 'Reject all' }).click();
  const chat = page.getByRole('button', { name: 'Chat with us' });
  await expect(chat).toHaveAccessibleDescription('Pressing it loads our chat provider, tawk.to.');
  await chat.click();
  const ask = page.getByRole('dialog', { name: /tawk\.to/ });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Not now' })).toBeFocused();
  expect(requests).toEqual([]);
  const sent = page.waitForRequest((request) => request.url().endsWith('/consent'));
  await ask.getByRole('button', { name: 'Load the chat' }).click();
  // Only the chat was asked about, so the record names the chat alone.
  expect(Object.keys(JSON.parse((await sent).postData() ?? '{}')).sort()).toEqual(['at', 'chat', 'id', 'lang', 'v']);
  await expect(page.getByRole('dialog', { name: 'Chat window' })).toBeVisible();
  expect(requests.map((request) => new URL(request.url()).hostname)).toEqual(['embed.tawk.to']);
});

test('given a withdrawal from the footer should remove the cookies, reload once and send nothing after', async ({
  page,
  context,
}) => {
  const requests = await standIns(page);
  await page.goto(at('/'));
  await question(page).getByRole('button', { name: 'Accept all' }).click();
  await expect
    .poll(() => vendorCookies(context))
    .toEqual(expect.arrayContaining(['_ga', '_ga_TEST1234', '_gid', '_fbp']));
  await page.getByRole('tab').nth(1).click();
  await expect.poll(() => hits(requests)).toContain('Clicked Button');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
  await expect(question(page).getByRole('checkbox', { name: /Analytics/ })).toBeChecked();
  // The scripts that ran cannot be stopped: the page reloads once, without them.
  const reloaded = page.waitForEvent('load');
  await question(page).getByRole('button', { name: 'Reject all' }).click();
  await reloaded;
  requests.length = 0;
  expect(await vendorCookies(context)).toEqual([]);
  await expect(question(page)).toBeHidden();
  await page.getByRole('tab').nth(2).click();
  await page.waitForTimeout(500);
  expect(requests.map((request) => request.url())).toEqual([]);
  expect(await page.evaluate(() => typeof window.gtag)).toBe('undefined');
  expect(await vendorCookies(context)).toEqual([]);
});

test('given a touch reader should close the question without answering, by Close or the backdrop', async ({
  browser,
}) => {
  const touch = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } });
  const page = await touch.newPage();
  const requests = await standIns(page);
  const recorded: string[] = [];
  page.on('request', (request) => request.url().endsWith('/consent') && recorded.push(request.url()));
  await page.goto(at('/'));
  await question(page).getByRole('button', { name: 'Close without answering' }).tap();
  await expect(question(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.reload();
  await expect(question(page)).toBeVisible();
  await page.touchscreen.tap(180, 8); // the backdrop above the centred question
  await expect(question(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('kasuwa-consent'))).toBeNull();
  expect([...recorded, ...requests.map((request) => request.url())]).toEqual([]);
  await touch.close();
});

test('given the privacy policy in Yoruba should list the third parties and reopen the question from its cookies section', async ({
  page,
}) => {
  await standIns(page);
  await page.goto(at('/yo/privacy-policy'));
  await page.getByRole('dialog').getByRole('button').nth(1).click();
  const cookies = page.locator('#cookies');
  await expect(cookies).toContainText('_ga, _ga_<id> and _gid');
  await expect(cookies).toContainText('_fbp');
  await expect(cookies).toContainText('tawk.to');
  await cookies.getByRole('link', { name: 'Ètò kúkì' }).click();
  await expect(page.getByRole('dialog', { name: 'Kúkì lórí Kasuwa' })).toBeVisible();
});

test('given the question open should shift nothing at 360 and 1280 px', async ({ page }) => {
  await standIns(page);
  await recordLayoutShifts(page);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(at('/'), { waitUntil: 'networkidle' });
    await expect(question(page)).toBeVisible();
    await page.waitForTimeout(300);
    expect(await layoutShiftSum(page), `CLS at ${width} px`).toBe(0);
  }
});

test('given the question should pass axe and work by keyboard alone', async ({ page }) => {
  await standIns(page);
  await page.goto(at('/'));
  await expect(question(page)).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('dialog[data-consent]').analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  // Tab to Choose, open it, tick Chat with Space, save with Enter.
  await page.keyboard.press('Tab');
  await expect(question(page).getByRole('button', { name: 'Accept all' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(question(page).getByRole('button', { name: 'Choose' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question(page).getByRole('button', { name: 'Choose' })).toHaveAttribute('aria-expanded', 'true');
  const boxes = question(page).getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  for (const box of await boxes.all()) await expect(box).not.toBeChecked();
  await expect(boxes.first()).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(question(page).getByRole('checkbox', { name: /Chat/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(question(page)).toBeHidden();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kasuwa-consent') ?? '{}'));
  expect(stored).toMatchObject({ analytics: false, marketing: false, chat: true });
  // Escape closes without an answer; the footer's control reopens it.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(question(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeHidden();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' })).toBeFocused();
});

test('screenshots: the question at 360 px in English and Yoruba, and the footer control', async ({ page }) => {
  await standIns(page);
  await page.setViewportSize({ width: 360, height: 800 });
  for (const [language, path] of [
    ['en', '/'],
    ['yo', '/yo/'],
  ]) {
    await page.goto(at(path as string));
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `test-results/consent/question-360-${language}.png` });
  }
  await page.getByRole('dialog').getByRole('button').nth(1).click();
  const footer = page.getByRole('contentinfo').locator('nav').nth(1);
  await footer.scrollIntoViewIfNeeded();
  await footer.screenshot({ path: 'test-results/consent/footer-control-360-yo.png' });
});
