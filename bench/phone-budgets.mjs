/**
 * `npm run bench:phone`'s budgets (docs/benchmarks.md#phone-npm-run-benchphone), the phone's viewport,
 * and the list of checks each measure adds to: a check is a budget met or missed, with its figure.
 */
export const KB = 1024;
export const BUDGET = {
  js: 80 * KB,
  firstVisitHome: 100 * KB,
  // Lighthouse on the cheap phone: the median, and the worst of the runs.
  performance: 100,
  worstRun: 95,
  // First paint and LCP: the page's median over the floor's (a one-line page, same host, same run).
  paintOverFloorMs: 150,
  tapMs: 200,
};
export const VIEWPORT = { width: 360, height: 800 };

export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
/** A table cell's mark: blank when the budget is met, ✗ when missed. */
export const mark = (ok) => (ok ? '  ' : ' ✗');

/** The checks of one run: `check` adds one, `checkWeight` the JavaScript and first-visit budgets of one load. */
export function budgetChecks() {
  const list = [];
  const check = (name, ok, figure) => list.push({ name, ok, figure });
  /** Without IDs, or with them before a choice (`prefix`). */
  const checkWeight = (prefix, pagePath, weight) => {
    check(
      `${prefix}JS before interaction ${pagePath}, on the wire`,
      weight.jsWire <= BUDGET.js,
      `${kb(weight.jsWire)} ≤ ${kb(BUDGET.js)}`,
    );
    if (pagePath === '/')
      check(
        `${prefix}first visit to /`,
        weight.all <= BUDGET.firstVisitHome,
        `${kb(weight.all)} ≤ ${kb(BUDGET.firstVisitHome)}`,
      );
  };
  return { list, check, checkWeight };
}
