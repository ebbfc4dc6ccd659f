/**
 * Nothing of ours is fetched or run before the first paint: this inline module, once the page has
 * painted, imports the site's and the widgets' scripts (`data-after-first-paint`) and links the web
 * app manifest (`data-manifest`), which Chromium would otherwise fetch as the HTML ends (docs/site.md,
 * "After the first paint"). The server allows it by its hash (server/http/security.ts).
 */
export const AFTER_FIRST_PAINT_SCRIPT = `const script = document.querySelector('script[data-after-first-paint]');
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const source of script.dataset.afterFirstPaint.split(' ')) import(source);
  document.head.append(Object.assign(document.createElement('link'), { rel: 'manifest', href: script.dataset.manifest }));
};
if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint').length && start()).observe({ type: 'paint', buffered: true });
}
setTimeout(start, 3000);`;

/** The inline scripts of a page (neither a file nor JSON-LD data): for the tests that it is this one alone. */
export const inlineScripts = (page: string) =>
  [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=|type="application\/ld\+json"/.test(attributes))
    .map(([, , body]) => body);
