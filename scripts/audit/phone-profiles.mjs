/**
 * The same phone on every host: Lighthouse's CPU slowdown derived from the host's measured
 * BenchmarkIndex, as Lighthouse's CPU throttling calculator does, for the default mobile profile and
 * the cheap phone of `npm run bench:phone`. Formulas and why: docs/quality.md#the-same-phone-on-every-host
 */
import { throttling as lighthouseThrottling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_ARGS, ensureChromium } from '../chromium.mjs';

/** BenchmarkIndex of the cheap phone the bench and the cheap-phone profile target. */
export const CHEAP_PHONE_INDEX = 375;

const oneDecimal = (value) => Math.round(value * 10) / 10;

/** Lighthouse's default mobile profile's CPU multiplier for a host of this BenchmarkIndex. */
export function defaultMobileMultiplier(index) {
  if (index >= 1300) return oneDecimal(3 + (index - 1300) / 233);
  if (index >= 800) return oneDecimal(2 + (index - 800) / 500);
  return 1;
}

/** Iterations of each of the two loops of Lighthouse's benchmark that the audit's reference page runs. */
export const REFERENCE_ITERATIONS = 6000;

/**
 * The BenchmarkIndex a renderer showed on the audit's reference page (scripts/audit/lighthouse.mjs): the
 * index is iterations ÷ 10 per second of each loop, averaged over the two, so from the loops' times (ms).
 * On the target phone each loop takes REFERENCE_ITERATIONS ÷ (10 × 375) s, 1.6 s: its known cost.
 */
export function referenceIndex(loopMs) {
  return Math.round(
    loopMs.reduce((sum, duration) => sum + REFERENCE_ITERATIONS / 10 / (duration / 1000), 0) / loopMs.length,
  );
}

/** The cheap phone's CPU multiplier for a host of this BenchmarkIndex. */
export function cheapPhoneMultiplier(index) {
  return Math.max(1, oneDecimal(index / CHEAP_PHONE_INDEX));
}

/** Lighthouse's mobile throttling (mobileSlow4G) with the default profile's calibrated CPU multiplier. */
export function defaultMobileThrottling(index) {
  return { ...lighthouseThrottling.mobileSlow4G, cpuSlowdownMultiplier: defaultMobileMultiplier(index) };
}

/**
 * The cheap phone as `settings.throttling` for Lighthouse's simulated throttling (its default method):
 * 300 ms RTT, 750 kbps down, the CPU multiplier for this host. The DevTools-throttling fields follow
 * the same figures with Lighthouse's own adjustment factors, so `--throttling-method devtools` agrees.
 */
export function cheapPhoneThrottling(index) {
  const rttMs = 300;
  const throughputKbps = 750;
  return {
    ...lighthouseThrottling.mobileSlow4G,
    rttMs,
    throughputKbps,
    requestLatencyMs: rttMs * lighthouseThrottling.DEVTOOLS_RTT_ADJUSTMENT_FACTOR,
    downloadThroughputKbps: throughputKbps * lighthouseThrottling.DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR,
    cpuSlowdownMultiplier: cheapPhoneMultiplier(index),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * The host's BenchmarkIndex: Lighthouse's own benchmark (`computeBenchmarkIndex`, the figure a run
 * reports as `lhr.environment.benchmarkIndex`) run in a page of the same Chromium, `samples` times
 * (about a second each) after one run thrown away: in a fresh page the first run reads 30-80% low
 * (the string half before V8 has warmed up). The median, with the samples. Pass `browser`
 * (Playwright) to reuse one.
 */
export async function measureBenchmarkIndex({ samples = 5, browser, chromePath } = {}) {
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  const { chromium } = await import('playwright-core');
  const own = browser
    ? undefined
    : await chromium.launch({ executablePath: chromePath ?? ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await (browser ?? own).newPage();
    const values = [];
    await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`);
    for (let sample = 0; sample < samples; sample += 1) {
      values.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`));
    }
    await page.close();
    return { index: Math.round(median(values)), samples: values.map(Math.round) };
  } finally {
    await own?.close();
  }
}

/**
 * The cheap phone's network as Chromium's own throttling (CDP `Network.emulateNetworkConditions`):
 * Lighthouse's DevTools figures, the 300 ms RTT as 1,125 ms of latency on every request and 750 kbps
 * × 0.9 down. Real throttling, where Lighthouse's default simulates; for `bench:phone`'s paint part
 * and the first-paint test (e2e/first-paint.e2e.ts).
 */
export function cheapPhoneNetwork() {
  const { requestLatencyMs, downloadThroughputKbps } = cheapPhoneThrottling(CHEAP_PHONE_INDEX);
  return {
    offline: false,
    latency: requestLatencyMs,
    downloadThroughput: (downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (lighthouseThrottling.mobileSlow4G.uploadThroughputKbps * 1024) / 8,
  };
}

/**
 * A fresh Playwright context and page on the cheap phone's network (cheapPhoneNetwork) at `cpu`× CPU:
 * `use(page)` runs on it, and the context is closed whatever happens (bench:phone's paints and traces).
 */
export async function withPhonePage(browser, { viewport, cpu }, use) {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', cheapPhoneNetwork());
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    return await use(page);
  } finally {
    await context.close();
  }
}
