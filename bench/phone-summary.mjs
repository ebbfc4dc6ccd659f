/**
 * `npm run bench:phone`'s summary (bench/phone.mjs): the run's line, the pages' table (a blank cell for a
 * part not run, ✗ by a missed budget), the floor, the with-IDs and taps tables, the budgets missed, and
 * with `--json` the whole run as one line.
 */
import os from 'node:os';
import { BUDGET, kb, mark } from './phone-budgets.mjs';
import { median, ms, overFloor, spread } from './phone-paint.mjs';
import { printTaps } from './phone-tap.mjs';
import { describeBreakdown } from './phone-trace.mjs';
import * as thirdParties from './phone-vendors.mjs';

/** One page's row: each part's figures, blank where the part did not run; paints over the floor's median. */
function pageCells(row, floorMs) {
  const lh = row.lighthouse;
  const paint = row.paint;
  const of = (key, list) => list.map((sample) => sample[key] ?? Number.NaN);
  return [
    `\`${row.path}\``,
    row.js === undefined
      ? ''
      : `${kb(row.jsWire)}${mark(row.jsWire <= BUDGET.js)}: ${kb(row.js)} + ${kb(row.jsHeaders)}, ${row.scripts.length}`,
    row.all === undefined
      ? ''
      : `${kb(row.all)}${row.path === '/' ? mark(row.all <= BUDGET.firstVisitHome) : ''} + ${kb(row.headers)}`,
    paint
      ? `${overFloor(paint.firstPaintMs, floorMs)}${mark(paint.firstPaintMs - floorMs <= BUDGET.paintOverFloorMs)} (${spread(of('firstPaintMs', paint.first))})`
      : '',
    paint
      ? `${overFloor(paint.lcpMs, floorMs)}${mark(paint.lcpMs - floorMs <= BUDGET.paintOverFloorMs)} (${spread(of('lcpMs', paint.first))}) ${[...new Set(of('lcpElement', paint.first))].join(', ')}`
      : '',
    paint?.second.length ? `${spread(of('firstPaintMs', paint.second))}, ${spread(of('lcpMs', paint.second))}` : '',
    lh
      ? `${lh.performance}${mark(lh.performance >= BUDGET.performance && lh.worst >= BUDGET.worstRun)} (${lh.runs.join('/')})`
      : '',
    lh ? `${ms(lh.fcpMs)}, ${ms(lh.lcpMs)}, ${ms(lh.tbtMs)}` : '',
  ];
}

function printPages(rows, { paints, paintCpu }, floorMs) {
  const head = [
    'page',
    `JS before interaction on the wire (≤ ${kb(BUDGET.js)}): bodies + headers, files`,
    'first visit (/ ≤ 100 KB): bodies + headers',
    `real throttling ${paintCpu}× CPU: first paint, floor + the page's own (≤ + ${ms(BUDGET.paintOverFloorMs)}), medians (min–max) of ${paints}`,
    `LCP, floor + own (≤ + ${ms(BUDGET.paintOverFloorMs)}) (min–max), LCP element`,
    'second visit: first paint, LCP',
    `Lighthouse cheap phone (median ${BUDGET.performance}, every run ≥ ${BUDGET.worstRun}), runs`,
    'FCP, LCP, TBT (medians)',
  ];
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ---- |${' ---: |'.repeat(head.length - 1)}`);
  for (const row of rows) console.log(`| ${pageCells(row, floorMs).join(' | ')} |`);
}

/**
 * Prints the run's summary and returns the budgets missed. `run`: the options, the host's `benchmark` and
 * CPU multipliers, the load average at the start and how long the run took (`elapsed`).
 */
export function printSummary(run, { rows, floor, tapRows, checks }) {
  const { options, benchmark, cheapCpu, tapCpu } = run;
  console.log(
    `\nphone bench, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${run.elapsed()}: host BenchmarkIndex ${benchmark.index}, cheap-phone Lighthouse CPU ${cheapCpu}× (300 ms RTT, 750 kbps, median of ${options.runs}), real throttling at ${options.paintCpu}× CPU (median of ${options.paints}), taps at ${tapCpu}× CPU (median of ${options.taps}); load average ${run.loadAtStart} at start, ${run.loadAverage()} at the end\n`,
  );
  printPages(rows, options, floor ? median(floor) : undefined);
  if (floor) console.log(`\nfloor: a one-line page's first paint under the same throttling, ${spread(floor)}`);
  const traced = rows.filter((row) => row.paint?.trace);
  if (traced.length) {
    console.log(`\nmain thread before the first paint, one traced load each (${options.trace}/):`);
    for (const row of traced) console.log(`  ${row.path.padEnd(24)} ${describeBreakdown(row.paint.trace)}`);
  }
  if (options.withIds && options.only.includes('js'))
    thirdParties.printWithIds(rows, { kb, ms, mark, budget: BUDGET.js, cpu: tapCpu });
  if (tapRows.length) printTaps(tapRows, tapCpu);
  const failed = checks.filter((item) => !item.ok);
  console.log(`\nbudgets: ${checks.length - failed.length} met, ${failed.length} missed`);
  for (const item of failed) console.log(`  OVER  ${item.name}: ${item.figure}`);
  if (options.json) {
    const summary = `index ${benchmark.index}, ${checks.length - failed.length}/${checks.length} budgets met`;
    console.log(
      JSON.stringify({
        ok: failed.length === 0,
        summary,
        benchmarkIndex: benchmark.index,
        multipliers: { cheapPhone: cheapCpu, taps: tapCpu },
        loadavg: os.loadavg(),
        pages: rows,
        taps: tapRows.map(({ text, ...row }) => row),
        checks,
      }),
    );
  }
  return failed;
}
