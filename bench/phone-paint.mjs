/**
 * `npm run bench:phone`'s paint part (bench/phone.mjs): first paint and LCP as a reader on the cheap
 * phone sees them, under Chromium's real throttling rather than Lighthouse's simulation.
 */
import http from 'node:http';
import { withPhonePage } from '../scripts/audit/phone-profiles.mjs';
import { hostSizes } from '../widgets/registry.ts';
import { BUDGET, VIEWPORT } from './phone-budgets.mjs';
import { describeBreakdown, traceOnce } from './phone-trace.mjs';

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const ms = (value) => `${Math.round(value)} ms`;
/** A median with its spread: `1234 ms (1100–1300)`. */
export const spread = (values) =>
  `${ms(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

/** In the page, once it has loaded: its paints, its LCP element and when the first widget chunk arrived. */
async function paintTimings() {
  const lcp = await new Promise((resolve) => {
    new PerformanceObserver((list) => resolve(list.getEntries().at(-1))).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    });
    setTimeout(() => resolve(undefined), 1000);
  });
  const paint = (name) => performance.getEntriesByName(name)[0]?.startTime;
  const chunks = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/widgets/chunks/'))
    .map((entry) => entry.responseStart);
  const element = lcp?.element;
  return {
    firstPaintMs: paint('first-paint'),
    fcpMs: paint('first-contentful-paint'),
    lcpMs: lcp?.startTime,
    lcpElement: element ? `${element.localName}${element.className ? `.${element.className.split(' ')[0]}` : ''}` : '',
    loadMs: performance.getEntriesByType('navigation')[0]?.loadEventStart,
    firstChunkMs: chunks.length ? Math.min(...chunks) : undefined,
  };
}

/**
 * In the page: when the first widget within the first screen had rendered (its shadow root holds more
 * than its style and slot), polled each frame; none when no widget is in the first screen.
 */
async function firstScreenWidgetReady(tags) {
  const widget = [...document.querySelectorAll(tags)].find(
    (element) => element.getBoundingClientRect().top < innerHeight,
  );
  if (!widget) return undefined;
  const rendered = () =>
    [...(widget.shadowRoot?.children ?? [])].some((child) => !['slot', 'style'].includes(child.localName));
  while (!rendered()) await new Promise((resolve) => requestAnimationFrame(resolve));
  return { widget: widget.localName, readyMs: performance.now() };
}
/** The tags a page shows in place (a block of reserved size; the modal is not one), as a selector. */
const WIDGET_TAGS = Object.entries(hostSizes)
  .filter(([, size]) => size.display === 'block')
  .map(([tag]) => tag)
  .join(',');

/**
 * First paint and LCP under real throttling: Chromium's own network emulation at the cheap phone's
 * figures (cheapPhoneNetwork) and `cpu`× CPU, a 360 px viewport, a fresh cache. Then a visit to
 * `second`, another page of the site, in the same browser context (cache warm).
 */
function paintOnce(browser, url, second, cpu) {
  return withPhonePage(browser, { viewport: VIEWPORT, cpu }, async (page) => {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const first = await page.evaluate(paintTimings);
    if (!second) return { first };
    first.ready = await page.evaluate(firstScreenWidgetReady, WIDGET_TAGS);
    await page.goto(second, { waitUntil: 'load', timeout: 60_000 });
    return { first, second: await page.evaluate(paintTimings) };
  });
}

/**
 * `runs` rounds; each visits every page of `rows` with a fresh cache, then the next page of the list with
 * the cache warm (its second visit: the inline CSS comes again with every page, a cached stylesheet would
 * not). Sets `row.paint`: every sample (`first`, `second`) and the medians `firstPaintMs` and `lcpMs`.
 * Returns `floor`, the first paints of the page those are judged against (measureFloor).
 */
export async function measurePaints(browser, base, rows, { runs, cpu, log }) {
  for (const row of rows) row.paint = { first: [], second: [] };
  const floor = await measureFloor(browser, { runs, cpu, log });
  for (let run = 0; run < runs; run += 1) {
    for (const [i, row] of rows.entries()) {
      const next = rows[(i + 1) % rows.length];
      const { first, second } = await paintOnce(browser, base + row.path, base + next.path, cpu);
      row.paint.first.push(first);
      next.paint.second.push(second);
      log(
        `[phone] real throttling (${cpu}× CPU) #${run + 1} ${row.path}: first paint ${ms(first.firstPaintMs)}, LCP ${ms(first.lcpMs)} (${first.lcpElement}), load ${ms(first.loadMs)}, first widget chunk ${first.firstChunkMs === undefined ? 'none' : ms(first.firstChunkMs)}${first.ready ? `, <${first.ready.widget}> rendered ${ms(first.ready.readyMs)}` : ''}; then ${next.path} second visit: first paint ${ms(second.firstPaintMs)}, LCP ${ms(second.lcpMs)}`,
      );
    }
  }
  for (const { path, paint } of rows) {
    paint.firstPaintMs = median(paint.first.map((sample) => sample.firstPaintMs ?? Number.NaN));
    paint.lcpMs = median(paint.first.map((sample) => sample.lcpMs ?? Number.NaN));
    const ready = paint.first.filter((sample) => sample.ready);
    if (!ready.length) continue;
    paint.widgetReadyMs = median(ready.map((sample) => sample.ready.readyMs));
    log(
      `[phone] real throttling (${cpu}× CPU) ${path}: <${ready[0].ready.widget}>, the first screen's widget, rendered at ${spread(ready.map((sample) => sample.ready.readyMs))}`,
    );
  }
  return { floor };
}

/** A page of one line of text and nothing else, from a server of its own: no page of ours can paint sooner. */
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><p>One line of text and nothing else.</p></html>';

/**
 * The floor of the paint budget on this host: the one-line page's first paint under the same throttling
 * (the HTML's round trip, then Chromium committing the navigation and initialising fonts, at `cpu`× CPU).
 * Its first paint in each of `runs` loads.
 */
async function measureFloor(browser, { runs, cpu, log }) {
  const server = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(FLOOR_PAGE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${server.address().port}/`;
    const samples = [];
    for (let run = 0; run < runs; run += 1)
      samples.push((await paintOnce(browser, url, undefined, cpu)).first.firstPaintMs);
    log(`[phone] real throttling (${cpu}× CPU): a one-line page, first paint ${samples.map(ms).join(', ')}`);
    return samples;
  } finally {
    server.close();
  }
}

/** `1616 + 620 ms`: a median as the floor's median plus the page's own cost over it. */
export const overFloor = (value, floorMs) => `${ms(floorMs)} + ${ms(value - floorMs)}`;

/**
 * Measures the pages of `rows` (measurePaints) and adds each page's first-paint and LCP budgets to
 * `checks`: the page's own cost, its median over the floor's median, at most BUDGET.paintOverFloorMs.
 * With `trace` (a folder), one more load of each page with Chromium's trace written there and the main
 * thread's work before the first paint printed (bench/phone-trace.mjs); sets `row.paint.trace`.
 */
export async function paintPages(browser, base, rows, { runs, cpu, checks, elapsed, trace }) {
  const log = (line) => console.log(`${line} (${elapsed()})`);
  const { floor } = await measurePaints(browser, base, rows, { runs, cpu, log });
  const floorMs = median(floor);
  for (const { path: pagePath, paint } of rows) {
    for (const [name, value] of [
      ['first paint', paint.firstPaintMs],
      ['LCP', paint.lcpMs],
    ])
      checks.check(
        `${name}, real throttling ${pagePath}, over the floor`,
        value - floorMs <= BUDGET.paintOverFloorMs,
        `${overFloor(value, floorMs)} (≤ + ${ms(BUDGET.paintOverFloorMs)})`,
      );
  }
  if (trace) {
    for (const row of rows) {
      const file = `${trace}/${row.path === '/' ? 'home' : row.path.slice(1).replaceAll('/', '-')}.trace.json`;
      row.paint.trace = await traceOnce(browser, base + row.path, { cpu, file, viewport: VIEWPORT });
      log(`[phone] trace (${cpu}× CPU) ${row.path}: ${describeBreakdown(row.paint.trace)}; written to ${file}`);
    }
  }
  return floor;
}
