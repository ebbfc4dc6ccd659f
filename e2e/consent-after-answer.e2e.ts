/**
 * The answer to the cookie question holds after it is given (docs/site.md#cookies-and-consent): Back, another
 * tab, a stale stored answer, pages with a secret in their address, the address GA is told. Served as
 * www.kasuwa.test (mapped to 127.0.0.1), so the stand-ins set `_ga` and `_fbp` on the parent domain as the
 * real scripts do; the back/forward cache is on (Playwright turns it off by default).
 */
import { type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { consentVersion } from '../common/consent-version.js';
import { CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { startBuiltServer } from '../scripts/with-server.mjs';
import { adminCommandIn } from '../testing/e2e/admin-command.js';
import { hits, IDS, standIns } from '../testing/e2e/vendor-stand-ins.js';
import { freePort } from '../testing/server/free-port.js';

const HOST = 'www.kasuwa.test';
const VERSION = consentVersion({ gaId: IDS.GA_MEASUREMENT_ID, pixelId: IDS.META_PIXEL_ID, chatId: IDS.CHAT_WIDGET_ID });
let server: Awaited<ReturnType<typeof startBuiltServer>>;
let browser: Browser;
let origin: string;
test.beforeAll(async () => {
  const port = await freePort();
  server = await startBuiltServer(port, IDS);
  origin = `http://${HOST}:${port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
});
test.afterAll(async () => {
  await browser?.close();
  server?.stop();
});

let context: BrowserContext;
test.beforeEach(async () => {
  context = await browser.newContext();
  // Whether the document now shown came back from the back/forward cache (a restored page keeps its listener).
  await context.addInitScript(() =>
    addEventListener('pageshow', (event) => {
      (window as unknown as { restored?: boolean }).restored = event.persisted;
    }),
  );
});
test.afterEach(() => context?.close());

const at = (path: string) => `${origin}${path}`;
const question = (page: Page) => page.getByRole('dialog', { name: 'Cookies on Kasuwa' });
const VENDOR_COOKIE = /^(_ga|_gid|_fbp|twk_)/;
const vendorCookies = async () =>
  (await context.cookies()).filter((cookie) => VENDOR_COOKIE.test(cookie.name)).map((c) => `${c.name}@${c.domain}`);
const acceptAll = async (page: Page) => {
  await question(page).getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(vendorCookies).toEqual(expect.arrayContaining(['_ga@.kasuwa.test', '_fbp@.kasuwa.test']));
};
const rejectFromFooter = async (page: Page) => {
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
  await question(page).getByRole('button', { name: 'Reject all' }).click();
};
/** Presses one of the home page's audience tabs: a click that analytics reports when it runs. */
const pressATab = (page: Page) => page.getByRole('tab').nth(1).click();
const restored = (page: Page) => page.evaluate(() => (window as unknown as { restored?: boolean }).restored);

test('given a withdrawal on another page should not track on a page restored by Back', async () => {
  const page = await context.newPage();
  const requests = await standIns(page);
  await page.goto(at('/'));
  await acceptAll(page);
  await page.goto(at('/pricing'));
  // A page restored from the cache fires no load event.
  await page.goBack({ waitUntil: 'commit' });
  await expect.poll(() => restored(page), 'the back/forward cache is on').toBe(true);

  await page.goto(at('/pricing'));
  await rejectFromFooter(page);
  await expect.poll(vendorCookies).toEqual([]);
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(at('/'));
  await expect(page.getByRole('tab').nth(1)).toBeVisible();
  const sent = hits(requests).length;
  await pressATab(page);
  await page.waitForTimeout(500);
  expect(hits(requests).slice(sent)).toEqual([]);
  expect(await vendorCookies()).toEqual([]);
  expect(await page.evaluate(() => typeof window.gtag)).toBe('undefined');
});

test('given a withdrawal in another tab should stop tracking in this one', async () => {
  const home = await context.newPage();
  const requests = await standIns(home);
  await home.goto(at('/'));
  await acceptAll(home);
  const other = await context.newPage();
  await other.goto(at('/pricing'));
  await rejectFromFooter(other);
  await expect.poll(vendorCookies).toEqual([]);
  await home.bringToFront();
  await expect(home.getByRole('tab').nth(1)).toBeVisible();
  await expect.poll(() => home.evaluate(() => typeof window.gtag)).toBe('undefined');
  const sent = hits(requests).length;
  await pressATab(home);
  await home.waitForTimeout(500);
  expect(hits(requests).slice(sent)).toEqual([]);
  expect(await vendorCookies()).toEqual([]);
});

test('given an accept in another tab should start tracking in this one, once', async () => {
  const home = await context.newPage();
  const requests = await standIns(home);
  await home.goto(at('/'));
  await expect(question(home)).toBeVisible();
  const other = await context.newPage();
  await other.goto(at('/pricing'));
  await acceptAll(other);
  await expect(question(home)).toBeHidden();
  await expect.poll(() => hits(requests)).toContain('page_view');
  await pressATab(home);
  await expect.poll(() => hits(requests)).toContain('Clicked Button');
});

test('given a stored yes should send each page view to the vendors once, the vendors code fetched only then', async () => {
  const page = await context.newPage();
  const requests = await standIns(page);
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await page.goto(at('/'), { waitUntil: 'networkidle' });
  expect(
    scripts.filter((path) => path.includes('/vendors-')),
    'before an answer',
  ).toEqual([]);
  await acceptAll(page);
  await page.goto(at('/pricing'), { waitUntil: 'networkidle' });
  const views = ['PageView', 'PageView', 'page_view', 'page_view'];
  await expect.poll(() => hits(requests).sort()).toEqual(views);
  await page.waitForTimeout(500);
  expect(hits(requests).sort()).toEqual(views);
});

test('given Reject with a stale stored answer should remove the vendors parent-domain cookies', async () => {
  const year = 365 * 86_400_000;
  for (const stale of [
    { at: Date.now() - year - 86_400_000 }, // over 12 months
    { at: Date.now() + 86_400_000 }, // in the future
    { v: 'other' }, // another set of third parties
    { analytics: 'yes' }, // not a boolean
  ]) {
    await context.clearCookies();
    await context.addCookies(
      ['_ga', '_ga_TEST1234', '_gid', '_fbp'].map((name) => ({
        name,
        value: 'old',
        domain: '.kasuwa.test',
        path: '/',
      })),
    );
    const page = await context.newPage();
    await standIns(page);
    await page.goto(at('/privacy-policy'));
    const answer = {
      analytics: true,
      marketing: true,
      chat: false,
      id: '1-2-3-4',
      v: VERSION,
      at: Date.now(),
      ...stale,
    };
    await page.evaluate((value) => localStorage.setItem('kasuwa-consent', value), JSON.stringify(answer));
    await page.reload();
    await expect(question(page), JSON.stringify(stale)).toBeVisible();
    await question(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(question(page)).toBeHidden();
    expect(await vendorCookies(), JSON.stringify(stale)).toEqual([]);
    await page.close();
  }
});

test('given a withdrawal should remove the cookies the vendors set on the parent domain, and load nothing after', async () => {
  const page = await context.newPage();
  const requests = await standIns(page);
  await page.goto(at('/'));
  await acceptAll(page);
  expect((await context.cookies()).find((cookie) => cookie.name === '_ga')?.domain).toBe('.kasuwa.test');
  await rejectFromFooter(page);
  await expect.poll(vendorCookies).toEqual([]);
  requests.length = 0;
  await page.goto(at('/pricing'), { waitUntil: 'networkidle' });
  await page.goto(at('/'), { waitUntil: 'networkidle' });
  await pressATab(page);
  await page.waitForTimeout(500);
  expect(requests.map((request) => request.url())).toEqual([]);
  expect(await vendorCookies()).toEqual([]);
});

test('given everything accepted should send nothing to a third party from a page whose address holds a secret', async () => {
  const page = await context.newPage();
  const requests = await standIns(page);
  await page.goto(at('/'));
  await acceptAll(page);
  const partnerLink = new URL(adminCommandIn(server.dataDir, 'partners:link', 'lagos-weekly'));
  const secretPages = [
    `/partners${partnerLink.search}`,
    '/partners?t=not-a-real-link',
    '/unsubscribe?t=not-a-real-token',
    '/ha/unsubscribe?t=not-a-real-token',
  ];
  for (const path of secretPages) {
    requests.length = 0;
    await page.goto(at(path), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).click();
    await page.waitForTimeout(300);
    expect(
      requests.map((request) => request.url()),
      path,
    ).toEqual([]);
    await expect(page.locator('meta[name^="kasuwa-"][name$="-id"]'), path).toHaveCount(0);
    expect(await page.evaluate(() => typeof window.gtag), path).toBe('undefined');
    expect(await page.evaluate(() => typeof window.fbq), path).toBe('undefined');
  }
});

test('given analytics accepted should tell GA the address without the query secrets', async () => {
  const page = await context.newPage();
  const requests = await standIns(page);
  await page.goto(at('/'));
  await acceptAll(page);
  const query = '?utm_source=newsletter&t=s3cr3t-token&email=ada%40example.ng&utm_campaign=ny#t=frag';
  await page.goto(at(`/${query}`));
  await expect.poll(() => hits(requests)).toContain('page_view');
  await pressATab(page);
  const dataLayer = (): Promise<unknown[][]> =>
    page.evaluate(() => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((args) => [...args]));
  const locationsIn = (layer: unknown[][]) =>
    layer.flatMap((args) =>
      args.flatMap((arg) =>
        arg && typeof arg === 'object' && 'page_location' in arg
          ? [(arg as { page_location: string }).page_location]
          : [],
      ),
    );
  // Config, the page view and the click (whose event is pushed after the click has been handled).
  await expect.poll(async () => locationsIn(await dataLayer()).length).toBeGreaterThanOrEqual(3);
  const layer = await dataLayer();
  const clean = at('/?utm_source=newsletter&utm_campaign=ny');
  expect(new Set(locationsIn(layer))).toEqual(new Set([clean]));
  const config = layer.find((args) => args[0] === 'config');
  expect(config?.[2]).toMatchObject({ page_location: clean });
  for (const request of requests) expect(request.url()).not.toMatch(/s3cr3t|ada(%40|@)example/);
});
