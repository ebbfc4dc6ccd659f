/**
 * The first paint is the page alone (docs/benchmarks.md, "Phone"): on the cheap phone's real throttled
 * network (cheapPhoneNetwork: 1,125 ms a request, 675 kbps), pages with a widget near the top paint before
 * any widget code arrives, with no CSP violation, and their largest paint is text or a sized, high-priority
 * image; and HTML arriving slowly is painted in pieces that never move (docs/site.md).
 */
import { expect, test } from '@playwright/test';
import { cheapPhoneNetwork } from '../scripts/audit/phone-profiles.mjs';
import { PAGES as EVERY_PAGE } from '../scripts/with-server.mjs';
import { cspViolations, layoutShiftSum, recordLayoutShifts } from '../testing/e2e/site-helpers.js';

const WIDGET_PAGES = [
  { path: '/', widget: 'start-selling-form' },
  { path: '/pricing', widget: 'pricing-plans' },
];

for (const { path, widget } of WIDGET_PAGES) {
  test(`${path} paints before any widget chunk arrives, on the cheap phone's network`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 800 });
    const violations = cspViolations(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', cheapPhoneNetwork());
    await page.goto(path, { waitUntil: 'load', timeout: 45_000 });
    // The widget's code comes a few round trips of 1.1 s later (site-helpers' upgraded() waits 5 s).
    await page.locator(widget).first().scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (tag) =>
        [...(document.querySelector(tag)?.shadowRoot?.children ?? [])].some(
          (child) => child.localName !== 'slot' && child.localName !== 'style',
        ),
      widget,
      { timeout: 45_000 },
    );

    const trace = await page.evaluate(async () => {
      const lcp = await new Promise<PerformanceEntry & { element?: Element | null; url?: string }>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1) as PerformanceEntry)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        }),
      );
      const element = lcp.element;
      return {
        firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime,
        firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        chunks: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/widgets/chunks/'))
          .map((entry) => (entry as PerformanceResourceTiming).responseStart),
        lcp: {
          tag: element?.localName,
          hasText: Boolean(element?.textContent?.trim()),
          width: element?.getAttribute('width'),
          height: element?.getAttribute('height'),
          fetchPriority: element?.getAttribute('fetchpriority'),
        },
      };
    });

    expect(trace.chunks.length, 'the widget loaded its code').toBeGreaterThan(0);
    expect(trace.firstPaint).toBeDefined();
    expect(trace.firstPaint).toBeLessThan(Math.min(...trace.chunks));
    expect(trace.firstContentfulPaint).toBeLessThan(Math.min(...trace.chunks));
    if (trace.lcp.tag === 'img') {
      expect(trace.lcp).toMatchObject({ fetchPriority: 'high' });
      expect(trace.lcp.width && trace.lcp.height, 'the LCP image has its size set').toBeTruthy();
    } else {
      expect(trace.lcp.hasText, `the LCP element <${trace.lcp.tag}> is text`).toBe(true);
    }
    expect(violations).toEqual([]);
  });
}

// A partner's page (or ours on a fast network) may run the loader before it has painted anything: a
// widget near the top still waits for that paint before its code is asked for (widgets/loader.ts).
test('given a page not painted yet when the loader runs should ask for no widget code until it paints', async ({
  page,
}) => {
  await page.route('**/__painted-late', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Painted late</title>
<style>body { visibility: hidden }</style>
<script type="module" src="/widgets/kasuwa-widgets.js"></script></head>
<body><h1>A partner's post</h1><start-selling-form api-url="/graphql"><p>Start selling</p></start-selling-form>
<script>setTimeout(() => { document.body.style.visibility = 'visible'; }, 1500);</script></body></html>`,
    }),
  );
  await page.goto('/__painted-late');
  await page.waitForFunction(
    () => customElements.get('start-selling-form') && performance.getEntriesByName('first-contentful-paint').length,
    undefined,
    { timeout: 15_000 },
  );
  const { loaderRan, firstContentfulPaint, chunksAskedAt } = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      loaderRan: resources.find((entry) => entry.name.endsWith('/widgets/kasuwa-widgets.js'))?.responseEnd,
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      chunksAskedAt: resources
        .filter((entry) => entry.name.includes('/widgets/chunks/'))
        .map((entry) => entry.startTime),
    };
  });
  expect(loaderRan, 'the loader came before the paint').toBeLessThan(firstContentfulPaint ?? Number.NaN);
  expect(chunksAskedAt.length).toBeGreaterThan(0);
  expect(Math.min(...chunksAskedAt), 'the first widget chunk asked for').toBeGreaterThan(
    firstContentfulPaint ?? Number.NaN,
  );
});

// Lighthouse's simulation counts every request that ended before the first paint it saw as on that
// paint's path, so a page fetches nothing but its two scripts before it: the manifest comes after and
// the icon is not fetched (docs/site.md "After the first paint").
for (const [name, path] of EVERY_PAGE) {
  test(`${name} fetches nothing but its HTML and its two scripts before its first contentful paint, then its manifest`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 800 });
    const violations = cspViolations(page);
    const cdp = await page.context().newCDPSession(page);
    const requests: { url: string; at: number }[] = [];
    cdp.on('Network.requestWillBeSent', ({ request, wallTime }) =>
      requests.push({ url: request.url, at: wallTime * 1000 }),
    );
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', cheapPhoneNetwork());
    await page.goto(path, { waitUntil: 'load', timeout: 45_000 });
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest', {
      timeout: 10_000,
    });
    await expect
      .poll(() => requests.filter(({ url }) => url.endsWith('.js')).length, { timeout: 10_000 })
      .toBeGreaterThan(1);
    const firstContentfulPaint = await page.evaluate(
      () =>
        performance.timeOrigin + (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
    );
    const document = new URL(path, page.url()).href;
    const before = requests
      .filter(({ url, at }) => url !== document && at < firstContentfulPaint)
      .map(({ url }) => new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js'));
    // Every page loads its two scripts with its HTML; the manifest comes after the paint (site/client/main.ts).
    expect(before.sort(), 'requested before the first contentful paint').toEqual([
      '/assets/main.js',
      '/widgets/kasuwa-widgets.js',
    ]);
    expect(violations).toEqual([]);
  });
}

// A slow network hands the parser the page in pieces, and Chromium paints each: nothing painted may
// move when the rest arrives (docs/site.md, "Painted in pieces"). The header is whole in the first frame.
for (const width of [360, 1280]) {
  test(`given the HTML arriving slowly at ${width} px should paint it in pieces that never move`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    await recordLayoutShifts(page);
    await page.addInitScript(() => {
      const frames = { whileParsing: 0, beforeMain: 0 };
      (window as unknown as { paintFrames: typeof frames }).paintFrames = frames;
      const frame = () => {
        if (document.readyState !== 'loading') return;
        frames.whileParsing++;
        if (!document.getElementById('main')) frames.beforeMain++;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // 10 KB/s of uncompressed HTML: a page's 22-60 KB arrive over seconds, in the pieces a phone on a weak
    // signal gets. Not brotli: a small page's last compressed bytes may carry all of its body at once (a
    // text page with only its own CSS can come in one piece at 5 KB/s).
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'accept-encoding': 'identity' } });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000,
      uploadThroughput: 10_000,
    });
    for (const path of ['/', '/pricing', '/subscription/success', '/no-such-page']) {
      await page.goto(path, { waitUntil: 'domcontentloaded', timeout: 30_000 });
      const frames = await page.evaluate(
        () => (window as unknown as { paintFrames: Record<string, number> }).paintFrames,
      );
      expect(frames.whileParsing, `${path} was painted in pieces`).toBeGreaterThan(1);
      expect(frames.beforeMain, `frames of ${path} before its header was whole`).toBe(0);
      expect(await layoutShiftSum(page, { exceptTextArriving: true }), `layout shift on ${path}`).toBe(0);
    }
  });
}
