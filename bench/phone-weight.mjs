/**
 * `npm run bench:phone`'s js part (bench/phone.mjs): the bytes from our origin while a page loads with no
 * interaction, all of them and the JavaScript, bodies and headers apart; with the IDs set, the same before
 * a choice, then what Accept all and Chat with us add (bench/phone-vendors.mjs).
 */
import { kb, VIEWPORT } from './phone-budgets.mjs';
import { ms } from './phone-paint.mjs';
import * as thirdParties from './phone-vendors.mjs';

/** Bytes from our origin while `url` loads with no interaction: all of them, and the JavaScript. */
async function weigh(browser, url, { vendors = false, cpu = 1 } = {}) {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    const served = vendors ? await thirdParties.sizedStandIns(page) : undefined;
    if (served) await page.addInitScript(thirdParties.observeLongTasks);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map();
    const sizes = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) =>
      responses.set(requestId, {
        url: response.url,
        js: type === 'Script' || /javascript/.test(response.mimeType),
        // What had arrived with the response event: its status line and headers.
        headers: response.encodedDataLength,
      }),
    );
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => sizes.set(requestId, encodedDataLength));
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const origin = new URL(url).origin;
    // Bodies as they cross the network (compressed) and HTTP/1.1 status lines and headers, apart: the
    // JavaScript budget counts both, the wire a phone waits for.
    let all = 0;
    let js = 0;
    let headers = 0;
    let jsHeaders = 0;
    const scripts = [];
    for (const [id, bytes] of sizes) {
      const response = responses.get(id);
      if (!response || new URL(response.url).origin !== origin) continue;
      const body = bytes - response.headers;
      all += body;
      headers += response.headers;
      if (response.js) {
        js += body;
        jsHeaders += response.headers;
        scripts.push(response.url.slice(origin.length));
      }
    }
    const before = { all, js, headers, jsHeaders, jsWire: js + jsHeaders, scripts };
    return served
      ? { ...before, ...(await thirdParties.acceptAll(page, cdp, served, { origin, responses, sizes, cpu })) }
      : before;
  } finally {
    await page.close();
  }
}

/**
 * Weighs each page of `rows` on `server` (setting the row's figures) and, with `idServer`, again with the
 * IDs set (`row.ids`); adds their budgets to `checks`. `cpu`: the taps' CPU, for the TBT after Accept all.
 */
export async function weighPages(browser, rows, { server, idServer, cpu, checks, elapsed }) {
  for (const row of rows) {
    Object.assign(row, await weigh(browser, server.base + row.path));
    console.log(
      `[phone] ${row.path}: JS ${kb(row.jsWire)} on the wire in ${row.scripts.length} files (${kb(row.js)} bodies + ${kb(row.jsHeaders)} headers), all ${kb(row.all)} of bodies and ${kb(row.headers)} of HTTP/1.1 headers (${elapsed()})\n  ${row.scripts.join(' ')}`,
    );
    checks.checkWeight('', row.path, row);
    if (!idServer) continue;
    // With IDs: the same budgets before a choice; Accept all and the chat are reported, not gated.
    const ids = await weigh(browser, idServer.base + row.path, { vendors: true, cpu });
    row.ids = ids;
    console.log(`${thirdParties.describeWithIds(row.path, ids, { kb, ms, cpu })} (${elapsed()})`);
    checks.checkWeight('with IDs, before a choice: ', row.path, ids);
    checks.check(
      `with IDs, before a choice: no vendor request ${row.path}`,
      ids.vendorsBefore === 0,
      `${kb(ids.vendorsBefore)}`,
    );
  }
}
