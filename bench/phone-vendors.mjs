/**
 * `bench:phone --with-ids`: the vendors' scripts at their real weight, answered locally (no request
 * leaves the machine). Each is the e2e stand-in (e2e/vendor-stand-ins.ts: it sets the real cookies and
 * sends the hits) padded to the real script's gzip size with incompressible text, plus a loop of about
 * the real script's main-thread time on this host (iterations, so CPU throttling slows it as it would
 * the real one).
 */
import crypto from 'node:crypto';
import { IDS, standInBody, VENDOR_HOSTS } from '../e2e/vendor-stand-ins.ts';

export { IDS };

const KB = 1024;
/**
 * The real scripts' transfer size (gzip; tawk.to's several files as one) and a main-thread time for them
 * unthrottled on a laptop-class host: estimates, not measurements (nothing may reach the vendors from here).
 */
export const VENDORS = [
  { name: 'gtag.js', match: 'gtag/js', bytes: 100 * KB, cpuMs: 80 },
  { name: 'fbevents.js', match: 'fbevents', bytes: 90 * KB, cpuMs: 60 },
  { name: 'tawk.to', match: 'tawk.to', bytes: 400 * KB, cpuMs: 250 },
];

/** Loop iterations per millisecond here, measured once in Node's V8 (Chromium's engine too). */
function iterationsPerMs() {
  let x = 0;
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < 50) {
    for (let i = 0; i < 10_000; i += 1) x = (x * 31 + i) % 1_000_003;
    n += 10_000;
  }
  return Math.round(n / 50 + (x % 1));
}

const sized = (() => {
  const rate = iterationsPerMs();
  return VENDORS.map((vendor) => {
    const busy = `(function(){var x=0;for(var i=0;i<${vendor.cpuMs * rate};i++)x=(x*31+i)%1000003;window.__vendorSpin=x;})();`;
    const code = standInBody(`https://vendor/${vendor.match}`) + busy;
    // Base64 of random bytes does not compress: the body crosses the wire at about the real gzip size.
    const padding = crypto.randomBytes(Math.max(0, Math.floor(((vendor.bytes - code.length - 8) * 3) / 4)));
    return { ...vendor, body: `${code}\n/*${padding.toString('base64')}*/` };
  });
})();

/** Routes the vendors' hosts in `page`'s context to the sized stand-ins; returns the bytes served per vendor. */
export async function sizedStandIns(page) {
  const served = { 'gtag.js': 0, 'fbevents.js': 0, 'tawk.to': 0 };
  await page.context().route(VENDOR_HOSTS, (route) => {
    const url = route.request().url();
    const vendor = sized.find((item) => url.includes(item.match));
    if (!vendor) return route.fulfill({ status: 204, body: '' });
    served[vendor.name] += vendor.body.length;
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: vendor.body });
  });
  return served;
}
