/**
 * After the page's first paint: what need not compete with it (the web app manifest, a widget near
 * the viewport) waits for the `first-contentful-paint` entry. One wait for the site's script
 * (site/client/main.ts) and the widget loader (widgets/loader.ts); docs/site.md, "After the first paint".
 */

/** How long the wait lasts in a browser that reports no paint entry, or in a tab opened in the background. */
const FIRST_PAINT_WAIT_MS = 3000;

/** Resolves once the page has painted its first content, or after FIRST_PAINT_WAIT_MS; at once if it has. */
export function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, FIRST_PAINT_WAIT_MS);
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** The inline scripts of a page (neither a file nor JSON-LD data): for the tests that a page has none. */
export const inlineScripts = (page: string) =>
  [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=|type="application\/ld\+json"/.test(attributes))
    .map(([, , body]) => body);
