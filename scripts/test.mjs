#!/usr/bin/env node
/**
 * `npm test`: every test layer in order (unit, built, widgets, journeys, e2e), building once before the first
 * layer that needs dist/; extra arguments pick layers (`npm test -- unit`, `npm test -- built widgets`).
 * The summary at the end names each failed test (vitest and Playwright), whatever printed after it.
 * What each layer runs: README "Architecture", Tests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { ensureChromium } from './chromium.mjs';
import { requireSupportedRuntime } from './runtime.mjs';

requireSupportedRuntime();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const BUILT = '.built.test.ts';
const UNIT_WORKERS = Math.max(2, os.availableParallelism() - 1);
/** The fault suite runs on its own (`npm run test:faults`, docs/operations.md "The fault suite"). */
const FAULT = '.fault.test.ts';
/** Where a layer's machine-readable results go, for the failed tests in the summary (failedTests). */
const resultsFile = (name) => path.join(root, 'test-results', `${name}.json`);
const vitest = (name, ...args) => [
  bin('vitest'),
  'run',
  ...args,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${resultsFile(name)}`,
];
const layers = [
  {
    name: 'unit',
    title: 'vitest (logic, server in-process; no build)',
    // At least two files at a time, even on two cores where vitest's default is one: most of the layer waits
    // on databases, spawned CLIs and promtool (759 s one at a time, 453 s two at a time on a 2-core host).
    command: vitest('unit', '--exclude', `**/*${BUILT}`, '--exclude', `**/*${FAULT}`, `--maxWorkers=${UNIT_WORKERS}`),
  },
  { name: 'built', title: `vitest (*${BUILT}: needs dist/)`, command: vitest('built', BUILT), build: true },
  {
    name: 'widgets',
    title: '@web/test-runner (built widgets in Chromium, Firefox ESR and WebKitGTK)',
    command: [bin('web-test-runner')],
    browser: true,
    build: true,
  },
  {
    name: 'journeys',
    title: '@web/test-runner (embed journeys against the running product, in the same engines)',
    command: [bin('web-test-runner'), '--config', 'e2e/journeys/web-test-runner.config.mjs'],
    browser: true,
    build: true,
  },
  {
    name: 'e2e',
    title: 'Playwright (whole site, running server)',
    command: [bin('playwright'), 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: resultsFile('e2e') },
    browser: true,
    build: true,
  },
];
const chosen = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const selected = chosen.length ? layers.filter((layer) => chosen.includes(layer.name)) : layers;
if (selected.length === 0) {
  console.error(`Unknown layer. Choose from: ${layers.map((layer) => layer.name).join(', ')}`);
  process.exit(2);
}

const env = { ...process.env };
if (selected.some((layer) => layer.browser)) env.CHROME_PATH = ensureChromium();

const run = (title, command, extraEnv = {}) => {
  console.log(`\n[test] ${title}`);
  const started = Date.now();
  const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return { ok: result.status === 0, seconds: (Date.now() - started) / 1000 };
};

const firstLine = (text = '') => stripVTControlCharacters(text).trim().split('\n')[0].slice(0, 300);

/** The failed tests a layer's JSON results name, as `file > test: first line of the error`. */
function failedTests(name) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(resultsFile(name), 'utf8'));
  } catch {
    return [];
  }
  const failed = [];
  // vitest: files (a file that failed to load has no tests but a message) and their tests.
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of tests) failed.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    if (file.status === 'failed' && tests.length === 0) failed.push(`${where}: ${firstLine(file.message)}`);
  }
  // Playwright: suites nest; a spec failed when any of its results did. Its file is relative to the
  // config's rootDir (the testDir), so named here from the repository's root like vitest's.
  const specRoot = report.config?.rootDir ?? root;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const bad = test.results.find((result) => result.status !== 'passed' && result.status !== 'skipped');
        if (!bad) continue;
        const where = path.relative(root, path.resolve(specRoot, spec.file));
        failed.push(`${where}:${spec.line} > ${spec.title}: ${firstLine(bad.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return failed;
}

let built = false;
const results = selected.map((layer) => {
  if (layer.build && !built) {
    if (!run('build (node scripts/build.mjs)', [process.execPath, 'scripts/build.mjs']).ok) {
      console.error('[test] the build failed; the layers that need it did not run.');
      process.exit(1);
    }
    built = true;
  }
  fs.rmSync(resultsFile(layer.name), { force: true });
  return { layer, ...run(layer.title, layer.command, layer.env) };
});
console.log('\n[test] summary');
for (const { layer, ok, seconds } of results) {
  console.log(`  ${ok ? 'pass' : 'FAIL'}  ${layer.title}  ${seconds.toFixed(1)} s`);
  if (!ok) for (const test of failedTests(layer.name)) console.log(`        ✗ ${test}`);
}
const failed = results.filter((result) => !result.ok).length;
console.log(`layers: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
