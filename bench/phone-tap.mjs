/**
 * `npm run bench:phone`'s taps part (bench/phone.mjs): tap → feedback on a fresh load of each widget at
 * the cheap phone's CPU, the median of `--taps`; armTap is the half that runs in the page.
 */
import { BUDGET, mark, VIEWPORT } from './phone-budgets.mjs';
import { median } from './phone-paint.mjs';

const TAPS = [
  {
    name: 'check my rank',
    kind: 'rank',
    path: '/new-year-sales',
    tag: 'store-rank-checker',
    label: 'Store domain',
    text: () => 'adaeze-fabrics',
    button: 'Check my rank',
    feedback: 'leaderboard dialog open',
  },
  {
    name: 'start selling',
    kind: 'signup',
    path: '/',
    tag: 'start-selling-form',
    label: 'Email address',
    // A new address each time: the server allows 3 signup requests per address per hour.
    text: (run) => `phone-bench-${Date.now()}-${run}@example.com`,
    button: 'Start Selling',
    feedback: 'button busy or toast',
  },
];

/** One tap on a fresh load at `cpu`× CPU, once the widget has upgraded and its button is enabled. */
async function tapOnce(browser, base, tap, run, cpu) {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(base + tap.path, { waitUntil: 'load', timeout: 60_000 });
    const host = page.locator(tap.tag).first();
    // Widgets load when near the viewport (or focused): bring it there, then wait for its own form.
    await host.scrollIntoViewIfNeeded();
    await page.waitForFunction((tag) => document.querySelector(tag)?.shadowRoot?.querySelector('form'), tap.tag, {
      timeout: 60_000,
    });
    // The element's light DOM keeps the no-JS fallback form (not rendered): take the visible field.
    const input = host.getByLabel(tap.label).filter({ visible: true });
    await input.pressSequentially(tap.text(run), { delay: 50, timeout: 60_000 });
    const button = host.getByRole('button', { name: tap.button }).filter({ visible: true });
    await page.waitForFunction(
      (tag) => document.querySelector(tag)?.shadowRoot?.querySelector('button[type="submit"]')?.disabled === false,
      tap.tag,
      { timeout: 60_000 },
    );
    await page.evaluate(armTap, tap.kind);
    await button.click({ timeout: 60_000 });
    return await page.evaluate(() => window.__phoneTap);
  } finally {
    await page.close();
  }
}

/** Each of TAPS `taps` times at `cpu`× CPU; adds its budget to `checks` and returns its table rows. */
export async function measureTaps(browser, base, { taps, cpu, checks, elapsed }) {
  const rows = [];
  for (const tap of TAPS) {
    const results = [];
    for (let run = 0; run < taps; run += 1) {
      const result = await tapOnce(browser, base, tap, run, cpu);
      results.push(result);
      console.log(
        `[phone] tap ${tap.name} on ${tap.path} #${run + 1}: ${Math.round(result.ms)} ms, longest long task ${Math.round(result.longestTaskMs)} ms (${elapsed()})`,
      );
    }
    const row = {
      ...tap,
      ms: median(results.map((result) => result.ms)),
      runs: results.map((result) => Math.round(result.ms)),
      longestTaskMs: Math.max(...results.map((result) => result.longestTaskMs)),
      longestTaskRuns: results.map((result) => Math.round(result.longestTaskMs)),
    };
    rows.push(row);
    checks.check(
      `tap → feedback, ${tap.name}`,
      row.ms <= BUDGET.tapMs,
      `${Math.round(row.ms)} ms ≤ ${BUDGET.tapMs} ms`,
    );
  }
  return rows;
}

/** The taps' table, under the pages'. */
export function printTaps(rows, cpu) {
  console.log(
    `\n| tap at ${cpu}× CPU | feedback | click → feedback frame (≤ 200 ms), runs | longest long task in between, runs |`,
  );
  console.log('| --- | --- | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.name} (\`${row.path}\`) | ${row.feedback} | ${Math.round(row.ms)} ms${mark(row.ms <= BUDGET.tapMs)} (${row.runs.join('/')}) | ${Math.round(row.longestTaskMs)} ms (${row.longestTaskRuns.join('/')}) |`,
    );
  }
}

/**
 * In the page: arms one tap measurement. A capture-phase click listener takes the click's timeStamp;
 * requestAnimationFrame then polls until `kind`'s feedback shows and takes that frame's timestamp.
 * Long tasks overlapping the interval are collected. Resolves window.__phoneTap.
 */
export function armTap(kind) {
  const host = document.querySelector(kind === 'rank' ? 'store-rank-checker' : 'start-selling-form');
  const root = host.shadowRoot;
  const shown =
    kind === 'rank'
      ? () => root.querySelector('dialog[open]') !== null
      : () =>
          root.querySelector('button[type="submit"]')?.getAttribute('aria-busy') === 'true' ||
          root.querySelector('[part="toast"]') !== null;
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  window.__phoneTap = new Promise((resolve, reject) => {
    addEventListener(
      'click',
      (event) => {
        const clickAt = event.timeStamp;
        const timeout = setTimeout(() => reject(new Error(`no ${kind} feedback within 20 s of the click`)), 20_000);
        const poll = (frameAt) => {
          if (!shown()) {
            requestAnimationFrame(poll);
            return;
          }
          clearTimeout(timeout);
          // A long task's entry is queued when it ends: give the last one a moment to arrive.
          setTimeout(() => {
            longTasks.push(...observer.takeRecords());
            observer.disconnect();
            const between = longTasks.filter(
              (task) => task.startTime < frameAt && task.startTime + task.duration > clickAt,
            );
            resolve({
              // The frame that paints the feedback may have begun before the click's timestamp (both in
              // one frame): the feedback came with the click's own frame, counted as 0.
              ms: Math.max(0, frameAt - clickAt),
              longestTaskMs: Math.max(0, ...between.map((task) => task.duration)),
            });
          }, 100);
        };
        requestAnimationFrame(poll);
      },
      { capture: true, once: true },
    );
  });
}
