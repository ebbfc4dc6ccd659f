/**
 * Lighthouse gate: every page, mobile and desktop, N runs each (median per figure, because this
 * machine is noisy), against budgets from DESIGN.md §8 and issue 7.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export const LIGHTHOUSE_BUDGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
  cls: 0.01,
  tbtMs: 150,
};

/** The first offending element or URL of a failed audit, to act on it without opening the report. */
const describe = (item) => item.node?.selector ?? item.url ?? item.source?.url ?? JSON.stringify(item).slice(0, 80);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** pages: `{ path, skipAudits }` each; skipAudits are the page's reasoned exclusions. */
export async function runLighthouse({ baseUrl, pages, runs = 3, chromePath, log = console.log }) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows = [];
  try {
    for (const formFactor of ['mobile', 'desktop']) {
      for (const { path, skipAudits = [] } of pages) {
        const samples = [];
        for (let run = 0; run < runs; run += 1) {
          const result = await lighthouse(
            `${baseUrl}${path}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              skipAudits,
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          const { categories, audits, runtimeError } = result.lhr;
          if (runtimeError)
            throw new Error(`lighthouse could not score ${path}: ${runtimeError.code} ${runtimeError.message}`);
          samples.push({
            performance: Math.round(categories.performance.score * 100),
            accessibility: Math.round(categories.accessibility.score * 100),
            'best-practices': Math.round(categories['best-practices'].score * 100),
            seo: Math.round(categories.seo.score * 100),
            cls: audits['cumulative-layout-shift'].numericValue,
            tbtMs: audits['total-blocking-time'].numericValue,
            lcpMs: audits['largest-contentful-paint'].numericValue,
            fcpMs: audits['first-contentful-paint'].numericValue,
            failing: Object.values(audits)
              .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
              .map((audit) =>
                audit.details?.items?.length ? `${audit.id} (${describe(audit.details.items[0])})` : audit.id,
              ),
          });
        }
        const row = { path, formFactor };
        for (const key of ['performance', 'accessibility', 'best-practices', 'seo', 'cls', 'tbtMs', 'lcpMs', 'fcpMs']) {
          row[key] = median(samples.map((sample) => sample[key]));
        }
        row.failing = [...new Set(samples.flatMap((sample) => sample.failing))];
        row.ok =
          row.performance >= LIGHTHOUSE_BUDGETS.performance &&
          row.accessibility >= LIGHTHOUSE_BUDGETS.accessibility &&
          row['best-practices'] >= LIGHTHOUSE_BUDGETS['best-practices'] &&
          row.seo >= LIGHTHOUSE_BUDGETS.seo &&
          row.cls <= LIGHTHOUSE_BUDGETS.cls &&
          row.tbtMs <= LIGHTHOUSE_BUDGETS.tbtMs;
        log(
          `[lighthouse] ${formFactor.padEnd(7)} ${path.padEnd(24)} perf ${row.performance} a11y ${row.accessibility} bp ${row['best-practices']} seo ${row.seo} CLS ${row.cls.toFixed(3)} TBT ${Math.round(row.tbtMs)} ms LCP ${Math.round(row.lcpMs)} ms${row.ok ? '' : `  OVER BUDGET ${row.failing.join(', ')}`}`,
        );
        rows.push(row);
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
