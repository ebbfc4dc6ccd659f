/**
 * Waits until no request of the page or any of its frames has been in flight for `quietMs`. Playwright's
 * 'networkidle' load state never comes back once a frame starts loading after the page went idle (the
 * embed builder's preview, started when the reader scrolls near it), though nothing is in flight.
 */
import type { Page, Request } from '@playwright/test';

const QUIET_MS = 500;

/**
 * Starts counting the page's requests; the function it returns lets two frames render (so what they
 * start, such as an IntersectionObserver's loads, has asked) and resolves once the network is quiet.
 */
export function networkQuiet(page: Page, quietMs = QUIET_MS): () => Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const settle = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return async () => {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    while (inFlight.size > 0 || Date.now() - lastChange < quietMs) await page.waitForTimeout(quietMs / 5);
  };
}
