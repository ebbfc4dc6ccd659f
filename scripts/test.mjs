#!/usr/bin/env node
/**
 * `npm test`: every test layer in order (unit, built, widgets, journeys, e2e), building once before the first
 * layer that needs dist/; extra arguments pick layers (`npm test -- unit`, `npm test -- built widgets`).
 * What each layer runs: README "Architecture", Tests.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { requireSupportedRuntime } from './runtime.mjs';

requireSupportedRuntime();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const BUILT = '.built.test.ts';
/** The fault suite runs on its own (`npm run test:faults`, docs/operations.md "The fault suite"). */
const FAULT = '.fault.test.ts';
const layers = [
  {
    name: 'unit',
    title: 'vitest (logic, server in-process; no build)',
    command: [bin('vitest'), 'run', '--exclude', `**/*${BUILT}`, '--exclude', `**/*${FAULT}`],
  },
  { name: 'built', title: `vitest (*${BUILT}: needs dist/)`, command: [bin('vitest'), 'run', BUILT], build: true },
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
    command: [bin('playwright'), 'test'],
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

const run = (title, command) => {
  console.log(`\n[test] ${title}`);
  const started = Date.now();
  const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env });
  return { ok: result.status === 0, seconds: (Date.now() - started) / 1000 };
};

let built = false;
const results = selected.map((layer) => {
  if (layer.build && !built) {
    if (!run('build (node scripts/build.mjs)', [process.execPath, 'scripts/build.mjs']).ok) {
      console.error('[test] the build failed; the layers that need it did not run.');
      process.exit(1);
    }
    built = true;
  }
  return { layer, ...run(layer.title, layer.command) };
});
console.log('\n[test] summary');
for (const { layer, ok, seconds } of results) {
  console.log(`  ${ok ? 'pass' : 'FAIL'}  ${layer.title}  ${seconds.toFixed(1)} s`);
}
const failed = results.filter((result) => !result.ok).length;
console.log(`layers: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
