/**
 * `npm run bench:phone`'s lighthouse part (bench/phone.mjs): each page scored `runs` times on the cheap
 * phone profile of this host's BenchmarkIndex; the median is held to 100 and every run to 95.
 */
import * as chromeLauncher from 'chrome-launcher';
import { profileConfig, score } from '../scripts/audit/lighthouse.mjs';
import { CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { BUDGET } from './phone-budgets.mjs';
import { median, ms } from './phone-paint.mjs';

/** One page's `runs` scores, each printed; their medians, the runs and the worst. */
async function scorePage(url, pagePath, { port, config, runs, elapsed }) {
  const samples = [];
  for (let run = 0; run < runs; run += 1) {
    const { categories, audits, environment } = await score(url, {
      port,
      config,
      onlyCategories: ['performance'],
      log: console.log,
    });
    const sample = {
      performance: Math.round(categories.performance.score * 100),
      fcpMs: audits['first-contentful-paint'].numericValue,
      lcpMs: audits['largest-contentful-paint'].numericValue,
      tbtMs: audits['total-blocking-time'].numericValue,
      index: environment.benchmarkIndex,
    };
    samples.push(sample);
    console.log(
      `[phone] lighthouse cheap phone (CPU ${config.settings.throttling.cpuSlowdownMultiplier}×) ${pagePath} #${run + 1}: perf ${sample.performance}, FCP ${ms(sample.fcpMs)}, LCP ${ms(sample.lcpMs)}, TBT ${ms(sample.tbtMs)}, Lighthouse's index ${Math.round(sample.index)} (${elapsed()})`,
    );
  }
  const of = (key) => samples.map((sample) => sample[key]);
  return {
    performance: median(of('performance')),
    runs: of('performance'),
    worst: Math.min(...of('performance')),
    fcpMs: median(of('fcpMs')),
    lcpMs: median(of('lcpMs')),
    lcpRuns: of('lcpMs').map(Math.round),
    tbtMs: median(of('tbtMs')),
    lighthouseIndex: Math.round(median(of('index'))),
  };
}

/** Sets `row.lighthouse` on each page of `rows` but the 404 and adds its two budgets to `checks`. */
export async function scorePages(chromePath, base, rows, { benchmarkIndex, runs, checks, elapsed }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const config = profileConfig('cheap-phone', benchmarkIndex);
    for (const row of rows) {
      if (row.name === 'not-found') continue; // Lighthouse refuses to score a document answered with 404.
      const lh = await scorePage(base + row.path, row.path, { port: chrome.port, config, runs, elapsed });
      row.lighthouse = lh;
      checks.check(
        `Lighthouse cheap phone ${row.path}`,
        lh.performance >= BUDGET.performance,
        `median ${lh.performance} ≥ ${BUDGET.performance}`,
      );
      checks.check(
        `Lighthouse cheap phone ${row.path}, every run`,
        lh.worst >= BUDGET.worstRun,
        `worst of ${runs} ${lh.worst} ≥ ${BUDGET.worstRun}`,
      );
    }
  } finally {
    await chrome.kill();
  }
}
