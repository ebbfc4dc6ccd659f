/**
 * `bench:phone --with-ids`: the vendors' scripts at their real weight, answered locally (nothing leaves
 * the machine): the e2e stand-ins padded to the real size, with a loop for their main-thread time; then
 * Accept all and Chat with us, measured. docs/benchmarks.md#with-the-third-parties-ids-with-ids.
 */
import crypto from 'node:crypto';
import { IDS, standInBody, VENDOR_HOSTS } from '../testing/e2e/vendor-stand-ins.ts';

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

/** An init script: every long task of the page, for the TBT after a press. */
export function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries())).observe({ type: 'longtask' });
}

export const sum = (served) => Object.values(served).reduce((a, b) => a + b, 0);

/** Total blocking time of the long tasks since `since` (performance.now()), from the init script's observer. */
const tbtSince = (page, since) =>
  page.evaluate(
    (from) =>
      (window.__longTasks ?? [])
        .filter((task) => task.startTime >= from)
        .reduce((total, task) => total + Math.max(0, task.duration - 50), 0),
    since,
  );

/**
 * After the weighing: Accept all at `cpu`× CPU, then what it added (our origin and the vendors) and its
 * TBT; then Chat with us, and what that added. Reported, not gated.
 */
export async function acceptAll(page, cdp, served, { origin, responses, sizes, cpu }) {
  // Our origin's bytes; the vendors' are counted as served by the stand-ins.
  const ours = () =>
    [...sizes].reduce((total, [id, bytes]) => total + (responses.get(id)?.url.startsWith(origin) ? bytes : 0), 0);
  const accept = page.getByRole('button', { name: 'Accept all' });
  const vendorsBefore = sum(served);
  if (!(await accept.isVisible())) return { vendorsBefore };
  const oursBefore = ours();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const since = await page.evaluate(() => performance.now());
  await accept.click();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  const accepted = {
    vendorsBefore,
    acceptBytes: ours() - oursBefore + sum(served) - vendorsBefore,
    acceptVendors: { ...served },
    acceptTbtMs: await tbtSince(page, since),
  };
  const chat = page.locator('[data-open-chat]').filter({ visible: true });
  if (!(await chat.count())) return accepted;
  const chatBefore = served['tawk.to'];
  const chatSince = await page.evaluate(() => performance.now());
  await chat.first().click();
  await page.getByRole('dialog', { name: 'Chat window' }).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000);
  return { ...accepted, chatBytes: served['tawk.to'] - chatBefore, chatTbtMs: await tbtSince(page, chatSince) };
}

/** The side-by-side table: each page without IDs, and with them before a choice, after Accept all and Chat with us. */
export function printWithIds(rows, { kb, ms, mark, budget, cpu }) {
  console.log(
    `\n| page | JS before interaction on the wire, no IDs | with IDs, before a choice (≤ ${kb(budget)}) | first visit, no IDs / with IDs | Accept all adds (ours + vendors): gtag.js, fbevents.js, tawk.to | TBT after Accept all at ${cpu}× CPU | Chat with us adds, TBT |`,
  );
  console.log(`| ---- |${' ---: |'.repeat(6)}`);
  for (const row of rows) {
    const ids = row.ids;
    if (!ids) continue;
    const vendors = ids.acceptVendors;
    console.log(
      `| \`${row.path}\` | ${kb(row.jsWire)} | ${kb(ids.jsWire)}${mark(ids.jsWire <= budget)} | ${kb(row.all)} / ${kb(ids.all)} | ${
        vendors
          ? `+${kb(ids.acceptBytes)}: ${kb(vendors['gtag.js'])}, ${kb(vendors['fbevents.js'])}, ${kb(vendors['tawk.to'])}`
          : 'no question'
      } | ${vendors ? ms(ids.acceptTbtMs) : ''} | ${ids.chatBytes === undefined ? '' : `+${kb(ids.chatBytes)}, ${ms(ids.chatTbtMs)}`} |`,
    );
  }
}

/** One page's line with IDs: before a choice, Accept all, Chat with us. */
export const describeWithIds = (pagePath, ids, { kb, ms, cpu }) =>
  `[phone] with IDs ${pagePath}: before a choice JS ${kb(ids.jsWire)} on the wire (${kb(ids.js)} bodies + ${kb(ids.jsHeaders)} headers), all ${kb(ids.all)}, vendors ${kb(ids.vendorsBefore)}; ` +
  `Accept all at ${cpu}× CPU +${kb(ids.acceptBytes ?? 0)} (${Object.entries(ids.acceptVendors ?? {})
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ')}), TBT ${ms(ids.acceptTbtMs ?? 0)}; ` +
  (ids.chatBytes === undefined ? 'no Chat with us' : `Chat with us +${kb(ids.chatBytes)}, TBT ${ms(ids.chatTbtMs)}`);
