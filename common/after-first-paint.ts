/**
 * Nothing of ours is fetched or run before the first paint: once the page has painted, this inline
 * module imports the site's and the widgets' scripts (`data-after-first-paint`; empty on a page with a
 * widget in its first screen, which loads them with its HTML) and links the web app manifest
 * (`data-manifest`). See docs/site.md, "After the first paint"; the CSP allows it by its hash.
 */
/** How long a wait for the first paint lasts in a browser that reports none (here and widgets/loader.ts). */
export const FIRST_PAINT_WAIT_MS = 3000;

export const AFTER_FIRST_PAINT_SCRIPT = `const script = document.querySelector('script[data-after-first-paint]');
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const source of script.dataset.afterFirstPaint.split(' ').filter(Boolean)) import(source);
  document.head.append(Object.assign(document.createElement('link'), { rel: 'manifest', href: script.dataset.manifest }));
};
if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint').length && start()).observe({ type: 'paint', buffered: true });
}
setTimeout(start, ${FIRST_PAINT_WAIT_MS});`;

/** The inline scripts of a page (neither a file nor JSON-LD data): for the tests that it is this one alone. */
export const inlineScripts = (page: string) =>
  [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=|type="application\/ld\+json"/.test(attributes))
    .map(([, , body]) => body);
