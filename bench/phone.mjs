#!/usr/bin/env node
/**
 * `npm run bench:phone`: the site as a cheap Android phone sees it (BenchmarkIndex about 375, 300 ms
 * RTT, 750 kbps): JavaScript before interaction, first visit, Lighthouse and tap → feedback, each
 * against its budget. Flags: docs/benchmarks.md#phone; what each figure measures: its "Phone" section.
 * This file composes the parts (phone-weight, phone-paint, phone-lighthouse, phone-tap) and the summary.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { cheapPhoneMultiplier, measureBenchmarkIndex } from '../scripts/audit/phone-profiles.mjs';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/chromium.mjs';
import { PAGES, startBuiltServer } from '../scripts/with-server.mjs';
import { budgetChecks } from './phone-budgets.mjs';
import { scorePages } from './phone-lighthouse.mjs';
import { paintPages } from './phone-paint.mjs';
import { printSummary } from './phone-summary.mjs';
import { measureTaps } from './phone-tap.mjs';
import * as thirdParties from './phone-vendors.mjs';
import { weighPages } from './phone-weight.mjs';

const PARTS = ['js', 'paint', 'lighthouse', 'taps'];

/** The flags (docs/benchmarks.md#phone-npm-run-benchphone), or undefined after saying what --only takes. */
function readOptions(args) {
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const only = option('--only')?.split(',') ?? PARTS;
  if (only.some((part) => !PARTS.includes(part))) {
    console.error(`--only takes ${PARTS.join(', ')}`);
    return undefined;
  }
  return {
    only,
    runs: Number(option('--runs') ?? 5),
    taps: Number(option('--taps') ?? 5),
    paints: Number(option('--paints') ?? 5),
    paintCpu: option('--paint-cpu'),
    // One traced load of each page in the paint part, its trace written to this folder (bench/phone-trace.mjs).
    trace: args.includes('--trace') ? 'test-results/phone-trace' : undefined,
    tapCpu: option('--tap-cpu'),
    // A second server with the three third-party IDs set, the vendors answered locally (phone-vendors.mjs).
    withIds: args.includes('--with-ids'),
    pages: option('--pages')?.split(','),
    json: args.includes('--json'),
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** A table row per page of PAGES that --pages names (every page without it). */
const pageRows = (wanted) =>
  PAGES.filter(([, pagePath]) => !wanted || wanted.includes(pagePath)).map(([name, pagePath]) => ({
    name,
    path: pagePath,
  }));

async function main() {
  process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const options = readOptions(process.argv.slice(2));
  if (!options) return 2;
  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
  const port = Number(process.env.PORT ?? 3245);
  const server = await startBuiltServer(port);
  const idServer = options.withIds ? await startBuiltServer(port + 1, thirdParties.IDS) : undefined;
  const chromePath = ensureChromium();
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  const loadAtStart = loadAverage();
  const checks = budgetChecks();
  const rows = pageRows(options.pages);
  let run;
  let floor; // the one-line page's first paints (phone-paint.mjs)
  let tapRows = [];
  try {
    const benchmark = await measureBenchmarkIndex({ browser });
    const cheapCpu = cheapPhoneMultiplier(benchmark.index);
    // The same phone as Lighthouse's: a fixed 8× is a different phone on every host.
    const tapCpu = Number(options.tapCpu ?? cheapCpu);
    options.paintCpu = Number(options.paintCpu ?? cheapCpu);
    run = { options, benchmark, cheapCpu, tapCpu, loadAtStart, loadAverage, elapsed };
    console.log(
      `[phone] host BenchmarkIndex ${benchmark.index} (samples ${benchmark.samples.join('/')}): cheap-phone Lighthouse CPU ${cheapCpu}× (index / 375), paints at ${options.paintCpu}× and taps at ${tapCpu}× CPU; load average ${loadAtStart}`,
    );
    const { only } = options;
    if (only.includes('js')) await weighPages(browser, rows, { server, idServer, cpu: tapCpu, checks, elapsed });
    if (only.includes('paint'))
      floor = await paintPages(browser, server.base, rows, {
        runs: options.paints,
        cpu: options.paintCpu,
        checks,
        elapsed,
        trace: options.trace,
      });
    if (only.includes('lighthouse'))
      await scorePages(chromePath, server.base, rows, {
        benchmarkIndex: benchmark.index,
        runs: options.runs,
        checks,
        elapsed,
      });
    if (only.includes('taps'))
      tapRows = await measureTaps(browser, server.base, { taps: options.taps, cpu: tapCpu, checks, elapsed });
  } finally {
    await browser.close();
    server.stop();
    idServer?.stop();
  }
  const failed = printSummary(run, { rows, floor, tapRows, checks: checks.list });
  return failed.length ? 1 : 0;
}

process.exit(await main());
