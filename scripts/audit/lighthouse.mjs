/**
 * Lighthouse gate: every page, mobile and desktop, N runs each (median per figure, because this
 * machine is noisy), against budgets from docs/quality.md. The mobile profile's CPU slowdown is
 * calibrated to the host's BenchmarkIndex (./phone-profiles.mjs), so every host scores the same phone.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS } from '../chromium.mjs';
import { cheapPhoneThrottling, defaultMobileThrottling, measureBenchmarkIndex } from './phone-profiles.mjs';

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

/**
 * Lighthouse's configuration for a profile on a host of this BenchmarkIndex: `desktop` as Lighthouse
 * ships it (CPU 1×), `mobile` its default mobile profile with the calibrated CPU multiplier,
 * `cheap-phone` the ₦60,000 Android (300 ms RTT, 750 kbps, CPU index / 375). All simulated throttling.
 */
export function profileConfig(profile, benchmarkIndex) {
  if (profile === 'desktop') return desktopConfig;
  const throttling =
    profile === 'cheap-phone' ? cheapPhoneThrottling(benchmarkIndex) : defaultMobileThrottling(benchmarkIndex);
  return { extends: 'lighthouse:default', settings: { throttling } };
}

/**
 * One Lighthouse run. A run the trace recording spoiled (e.g. NO_NAVSTART when the machine is busy) says
 * nothing about the page, so it is repeated, twice at most; a third failure stops the gate.
 */
export async function score(
  url,
  { port, skipAudits, config, onlyCategories = ['performance', 'accessibility', 'best-practices', 'seo'], log },
) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', skipAudits, onlyCategories },
      config,
    );
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (attempt === 3)
      throw new Error(`lighthouse could not score ${url}: ${runtimeError.code} ${runtimeError.message}`);
    log(`[lighthouse] ${url}: ${runtimeError.code}, running it again`);
  }
}

/**
 * pages: `{ path, skipAudits }` each; skipAudits are the page's reasoned exclusions. benchmarkIndex:
 * the host's (measured here when not given). Each row carries the CPU multiplier it was scored at and
 * the median BenchmarkIndex Lighthouse itself reported in those runs.
 */
export async function runLighthouse({
  baseUrl,
  pages,
  runs = 3,
  formFactors = ['mobile', 'desktop'],
  chromePath,
  benchmarkIndex,
  log = console.log,
}) {
  const index = benchmarkIndex ?? (await measureBenchmarkIndex({ chromePath })).index;
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const rows = [];
  try {
    for (const formFactor of formFactors) {
      const config = profileConfig(formFactor, index);
      const cpu = config.settings.throttling.cpuSlowdownMultiplier;
      for (const { path, skipAudits = [] } of pages) {
        const samples = [];
        for (let run = 0; run < runs; run += 1) {
          const { categories, audits, environment } = await score(`${baseUrl}${path}`, {
            port: chrome.port,
            skipAudits,
            config,
            log,
          });
          samples.push({
            lighthouseIndex: environment.benchmarkIndex,
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
        const row = { path, formFactor, cpu, benchmarkIndex: index };
        for (const key of [
          'lighthouseIndex',
          'performance',
          'accessibility',
          'best-practices',
          'seo',
          'cls',
          'tbtMs',
          'lcpMs',
          'fcpMs',
        ]) {
          row[key] = median(samples.map((sample) => sample[key]));
        }
        row.tbtRuns = samples.map((sample) => Math.round(sample.tbtMs));
        row.failing = [...new Set(samples.flatMap((sample) => sample.failing))];
        const budget = LIGHTHOUSE_BUDGETS;
        row.over = [
          ...['performance', 'accessibility', 'best-practices', 'seo']
            .filter((key) => row[key] < budget[key])
            .map((key) => `${key} ${row[key]} < ${budget[key]}`),
          ...(row.cls > budget.cls ? [`CLS ${row.cls.toFixed(3)} > ${budget.cls}`] : []),
          ...(row.tbtMs > budget.tbtMs ? [`TBT ${Math.round(row.tbtMs)} ms > ${budget.tbtMs} ms`] : []),
        ];
        row.ok = row.over.length === 0;
        log(
          `[lighthouse] ${formFactor.padEnd(7)} CPU ${cpu}× (index ${index}, Lighthouse's ${Math.round(row.lighthouseIndex)}) ${path.padEnd(24)} perf ${row.performance} a11y ${row.accessibility} bp ${row['best-practices']} seo ${row.seo} CLS ${row.cls.toFixed(3)} TBT ${Math.round(row.tbtMs)} ms (${row.tbtRuns.join('/')}) LCP ${Math.round(row.lcpMs)} ms${row.ok ? '' : `  OVER BUDGET: ${row.over.join(', ')}`}${row.failing.length ? `  failed audits: ${row.failing.join(', ')}` : ''}`,
        );
        rows.push(row);
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
