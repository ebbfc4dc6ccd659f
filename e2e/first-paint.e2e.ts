/**
 * The first paint is the page alone (docs/benchmarks.md, "Phone"): on the cheap phone's real throttled
 * network (cheapPhoneNetwork: 1,125 ms a request, 675 kbps), pages with a widget near the top paint before
 * any widget code arrives, with no CSP violation, and their largest paint is text or a sized, high-priority
 * image; on a slow CPU no frame is painted before header and main are parsed whole (docs/site.md).
 */
import { expect, test } from '@playwright/test';
import { cheapPhoneNetwork } from '../scripts/audit/phone-profiles.mjs';
import { cspViolations } from './site-helpers.js';

const PAGES = [
  { path: '/', widget: 'start-selling-form' },
  { path: '/pricing', widget: 'pricing-plans' },
];

for (const { path, widget } of PAGES) {
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

// A frame painted mid-parse shows the header without its right-hand half or the hero with one phone of
// three, and the rest arriving moves them (CLS; seen on busy CI runners). <link rel="expect"> holds
// rendering until the footer is parsed: no frame runs while the page's header and main are half there.
test('given a slow phone should paint no frame before the header and main are parsed whole', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.addInitScript(() => {
    const frames: boolean[] = [];
    (window as unknown as { framesWhileParsing: boolean[] }).framesWhileParsing = frames;
    const frame = () => {
      if (document.readyState !== 'loading') return;
      frames.push(document.getElementById('site-footer') !== null);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  for (const path of ['/', '/new-year-sales', '/pricing', '/privacy-policy']) {
    await page.goto(path, { waitUntil: 'load' });
    const frames = await page.evaluate(
      () => (window as unknown as { framesWhileParsing: boolean[] }).framesWhileParsing,
    );
    expect(
      frames.filter((footerParsed) => !footerParsed),
      `frames before ${path} was parsed`,
    ).toEqual([]);
  }
});
