/**
 * Lighthouse gate: every page, mobile and desktop, N runs each (median per figure, because this
 * machine is noisy), against budgets from docs/quality.md. The mobile profile's CPU slowdown is
 * calibrated to the host's BenchmarkIndex (./phone-profiles.mjs), so every host scores the same phone.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS } from '../chromium.mjs';
import {
  cheapPhoneMultiplier,
  cheapPhoneThrottling,
  defaultMobileThrottling,
  measureBenchmarkIndex,
  REFERENCE_ITERATIONS,
  referenceIndex,
} from './phone-profiles.mjs';

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
 * nothing about the page, so it is repeated, twice at most; a third failure stops the gate. `flags` are
 * Lighthouse's (e.g. `onlyAudits`, or `gatherMode` and `auditMode` to keep the artifacts).
 */
export async function score(
  url,
  {
    port,
    skipAudits,
    config,
    onlyCategories = ['performance', 'accessibility', 'best-practices', 'seo'],
    flags = {},
    log,
  },
) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', skipAudits, onlyCategories, ...flags },
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
 * The reference page, a workload of known cost: the two loops of Lighthouse's own benchmark
 * (`computeBenchmarkIndex` in lighthouse/core/lib/page-functions.js: build a 10,000-character string;
 * copy a 100,000-integer array) run REFERENCE_ITERATIONS times each instead of for 500 ms, each timed by
 * User Timing. By the index's definition (iterations ÷ 10 per second) a loop costs
 * REFERENCE_ITERATIONS ÷ (10 × index) s: 3.2 s for both on the target phone (index 375); referenceIndex
 * (./phone-profiles.mjs) turns the times read back into an index.
 */
export const REFERENCE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference workload</title><p>A workload of known cost.</p><script>
(function () {
  const n = ${REFERENCE_ITERATIONS};
  performance.mark('reference-string-start');
  for (let i = 0; i < n; i++) {
    let s = '';
    for (let j = 0; j < 10000; j++) s += 'a';
    if (s.length === 1) throw new Error('never');
  }
  performance.measure('reference-string', 'reference-string-start');
  const a = [];
  const b = [];
  for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
  performance.mark('reference-copy-start');
  for (let i = 0; i < n; i++) {
    const src = i % 2 === 0 ? a : b;
    const tgt = i % 2 === 0 ? b : a;
    for (let j = 0; j < src.length; j++) tgt[j] = src[j];
  }
  performance.measure('reference-copy', 'reference-copy-start');
})();
</script></html>`;

/** Serves REFERENCE_PAGE on a free port of 127.0.0.1; `{ url, close }`. */
async function serveReference() {
  const server = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(REFERENCE_PAGE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/**
 * The renderer's speed in this Lighthouse session: the reference page loaded by Lighthouse (same browser,
 * same tracing, moments before the page it calibrates), its two loops' times read back from the trace's
 * User Timing and turned into a BenchmarkIndex as Lighthouse computes one (the mean of the two loops'
 * iterations ÷ 10 per second). `cpu` is the multiplier that makes this renderer the target phone.
 */
export async function calibrate(referenceUrl, { port, config, log }) {
  const lhr = await score(referenceUrl, {
    port,
    config,
    skipAudits: [],
    onlyCategories: undefined,
    flags: { onlyAudits: ['user-timings'] },
    log,
  });
  const items = lhr.audits['user-timings'].details?.items ?? [];
  const loopMs = ['reference-string', 'reference-copy'].map(
    (name) => items.find((item) => item.name === name && item.timingType === 'Measure')?.duration,
  );
  if (!loopMs.every((duration) => duration > 0)) throw new Error('the reference page reported no User Timing');
  const index = referenceIndex(loopMs);
  return {
    index,
    workMs: Math.round(loopMs[0] + loopMs[1]),
    lighthouseIndex: Math.round(lhr.environment.benchmarkIndex),
    cpu: cheapPhoneMultiplier(index),
  };
}

/** CPU time (ms) a process has used so far, from /proc (Linux); undefined elsewhere or without a pid. */
export function processCpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15 of stat, 12 and 13 after the command) in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * One mobile run judged at the target phone: Lighthouse gathers once (simulated throttling records the
 * page unthrottled) and audits twice from the same artifacts, at the host-estimate profile (`config`,
 * the figures the gate used to judge) and at the CPU multiplier the reference page calibrated (`cpu`).
 * Returns both results.
 */
async function scoreAtPhone(url, { port, skipAudits, config, cpu, log }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-lighthouse-'));
  try {
    const estimate = await score(url, { port, skipAudits, config, flags: { gatherMode: dir, auditMode: dir }, log });
    // The artifacts remember the settings they were gathered with, and Lighthouse refuses to audit them
    // with others; the CPU multiplier does not change what was gathered (simulated throttling), so the
    // record goes.
    const artifactsFile = path.join(dir, 'artifacts.json');
    const artifacts = JSON.parse(fs.readFileSync(artifactsFile, 'utf8'));
    delete artifacts.settings;
    fs.writeFileSync(artifactsFile, JSON.stringify(artifacts));
    const phoneConfig = {
      ...config,
      settings: { ...config.settings, throttling: { ...config.settings.throttling, cpuSlowdownMultiplier: cpu } },
    };
    const result = await lighthouse(
      undefined,
      { auditMode: dir, output: 'json', logLevel: 'error', skipAudits, onlyCategories: ['performance'] },
      phoneConfig,
    );
    return { estimate, phone: result.lhr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const figures = ({ categories, audits }) => ({
  performance: Math.round(categories.performance.score * 100),
  cls: audits['cumulative-layout-shift'].numericValue,
  tbtMs: audits['total-blocking-time'].numericValue,
  lcpMs: audits['largest-contentful-paint'].numericValue,
  fcpMs: audits['first-contentful-paint'].numericValue,
});

/**
 * pages: `{ path, skipAudits }` each; skipAudits are the page's reasoned exclusions. benchmarkIndex:
 * the host's estimate (measured here when not given), which sets the mobile profile's multiplier as
 * Lighthouse's calculator does: the `estimate` figures. Mobile is judged at the target phone instead:
 * before each page's runs the reference page measures the renderer in this session (calibrate), and
 * every run is audited again at the multiplier that makes it index 375. Desktop stays 1×. serverPid:
 * the site's server, whose CPU time over each page's runs is reported (it shares the host's cores).
 */
export async function runLighthouse({
  baseUrl,
  pages,
  runs = 3,
  formFactors = ['mobile', 'desktop'],
  reportMainThread = false,
  chromePath,
  benchmarkIndex,
  serverPid,
  log = console.log,
}) {
  const index = benchmarkIndex ?? (await measureBenchmarkIndex({ chromePath })).index;
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const reference = await serveReference();
  const rows = [];
  try {
    for (const formFactor of formFactors) {
      const config = profileConfig(formFactor, index);
      const estimateCpu = config.settings.throttling.cpuSlowdownMultiplier;
      const mobile = formFactor === 'mobile';
      for (const { path: pagePath, skipAudits = [] } of pages) {
        const calibration = mobile ? await calibrate(reference.url, { port: chrome.port, config, log }) : undefined;
        const cpu = calibration?.cpu ?? estimateCpu;
        const serverBefore = processCpuMs(serverPid);
        const samples = [];
        for (let run = 0; run < runs; run += 1) {
          const url = `${baseUrl}${pagePath}`;
          const { estimate, phone } = mobile
            ? await scoreAtPhone(url, { port: chrome.port, skipAudits, config, cpu, log })
            : { estimate: await score(url, { port: chrome.port, skipAudits, config, log }) };
          const { categories, audits, environment } = estimate;
          samples.push({
            lighthouseIndex: environment.benchmarkIndex,
            accessibility: Math.round(categories.accessibility.score * 100),
            'best-practices': Math.round(categories['best-practices'].score * 100),
            seo: Math.round(categories.seo.score * 100),
            ...figures(phone ?? estimate),
            estimateTbtMs: audits['total-blocking-time'].numericValue,
            estimatePerformance: Math.round(categories.performance.score * 100),
            failing: Object.values(audits)
              .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
              .map((audit) =>
                audit.details?.items?.length ? `${audit.id} (${describe(audit.details.items[0])})` : audit.id,
              ),
          });
        }
        const serverAfter = processCpuMs(serverPid);
        const row = { path: pagePath, formFactor, cpu, estimateCpu, benchmarkIndex: index, calibration };
        if (serverBefore !== undefined && serverAfter !== undefined) row.serverCpuMs = serverAfter - serverBefore;
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
          'estimateTbtMs',
          'estimatePerformance',
        ]) {
          row[key] = median(samples.map((sample) => sample[key]));
        }
        row.tbtRuns = samples.map((sample) => Math.round(sample.tbtMs));
        row.estimateTbtRuns = samples.map((sample) => Math.round(sample.estimateTbtMs));
        row.failing = [...new Set(samples.flatMap((sample) => sample.failing))];
        const budget = LIGHTHOUSE_BUDGETS;
        row.over = [
          ...['performance', 'accessibility', 'best-practices', 'seo']
            .filter((key) => row[key] < budget[key])
            .map((key) => `${key} ${row[key]} < ${budget[key]}`),
          ...(row.cls > budget.cls ? [`CLS ${row.cls.toFixed(3)} > ${budget.cls}`] : []),
          ...(row.tbtMs > budget.tbtMs ? [`TBT ${Math.round(row.tbtMs)} ms > ${budget.tbtMs} ms`] : []),
        ];
        // --report-main-thread (docs/quality.md): mobile performance and TBT printed, not judged.
        const mainThread = (item) => item.startsWith('performance ') || item.startsWith('TBT ');
        row.reported = reportMainThread && mobile ? row.over.filter(mainThread) : [];
        row.over = row.over.filter((item) => !row.reported.includes(item));
        row.ok = row.over.length === 0;
        const at = calibration
          ? `CPU ${cpu}× (reference page: index ${calibration.index}, work ${calibration.workMs} ms; Lighthouse's ${calibration.lighthouseIndex})`
          : `CPU ${cpu}×`;
        const estimated = calibration
          ? `; at the host estimate's ${estimateCpu}× (index ${index}) TBT ${Math.round(row.estimateTbtMs)} ms (${row.estimateTbtRuns.join('/')}), perf ${row.estimatePerformance}`
          : '';
        log(
          `[lighthouse] ${formFactor.padEnd(7)} ${at} ${pagePath.padEnd(24)} perf ${row.performance} a11y ${row.accessibility} bp ${row['best-practices']} seo ${row.seo} CLS ${row.cls.toFixed(3)} TBT ${Math.round(row.tbtMs)} ms (${row.tbtRuns.join('/')}) LCP ${Math.round(row.lcpMs)} ms${estimated}${row.serverCpuMs === undefined ? '' : `; server CPU ${row.serverCpuMs} ms`}${row.ok ? '' : `  OVER BUDGET: ${row.over.join(', ')}`}${row.reported.length ? `  over, reported only: ${row.reported.join(', ')}` : ''}${row.failing.length ? `  failed audits: ${row.failing.join(', ')}` : ''}`,
        );
        rows.push(row);
      }
    }
  } finally {
    reference.close();
    await chrome.kill();
  }
  return rows;
}
