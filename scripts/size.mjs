#!/usr/bin/env node
/**
 * `npm run size`: gzip and brotli size of every widget file, and the total JavaScript a page can pull
 * through the loader (every chunk reachable by static or dynamic import). Fails over the budgets of
 * DESIGN.md §8: loader ≤ 5 KB gzip, all widget JS a page can pull ≤ 160 KB gzip.
 * `--json` adds a one-line summary for `npm run audit`. Run `npm run build` first (or `node scripts/build.mjs --only widgets`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'dist/widgets');
const KB = 1024;
const budgets = { loader: 5 * KB, page: 160 * KB };

const sizes = (file) => {
  const data = fs.readFileSync(file);
  return {
    raw: data.length,
    gzip: zlib.gzipSync(data, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};

/** Every file reachable from `entry` through `import … from './x.js'`, `import './x.js'` and `import('./x.js')`. */
function reachable(entry) {
  const found = new Set();
  const visit = (file) => {
    if (found.has(file)) return;
    found.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      visit(path.resolve(path.dirname(file), match[1]));
    }
  };
  visit(entry);
  return [...found];
}

const loader = path.join(dir, 'kasuwa-widgets.js');
if (!fs.existsSync(loader)) {
  console.error('dist/widgets/kasuwa-widgets.js is missing: run `npm run build` first.');
  process.exit(2);
}
const iife = path.join(dir, 'kasuwa-widgets.iife.js');
const pageFiles = reachable(loader);
const fmt = (n) => `${(n / KB).toFixed(1).padStart(7)} KB`;
const rows = [...pageFiles, iife].map((file) => ({ file: path.relative(dir, file), ...sizes(file) }));
console.log(`${'file'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
for (const row of rows) console.log(`${row.file.padEnd(48)} ${fmt(row.raw)} ${fmt(row.gzip)} ${fmt(row.brotli)}`);

const pageRows = rows.filter((row) => row.file !== 'kasuwa-widgets.iife.js');
const total = pageRows.reduce(
  (sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }),
  {
    raw: 0,
    gzip: 0,
    brotli: 0,
  },
);
console.log(
  `${'all a page can pull via the loader'.padEnd(48)} ${fmt(total.raw)} ${fmt(total.gzip)} ${fmt(total.brotli)}`,
);

const loaderGzip = rows[0].gzip;
const iifeGzip = rows.at(-1).gzip;
const checks = [
  ['loader (kasuwa-widgets.js) gzip', loaderGzip, budgets.loader],
  ['all widget JS a page can pull (loader + chunks) gzip', total.gzip, budgets.page],
  ['kasuwa-widgets.iife.js gzip', iifeGzip, budgets.page],
];
let failed = false;
console.log('\nbudgets (DESIGN.md §8)');
for (const [name, value, budget] of checks) {
  const ok = value <= budget;
  failed ||= !ok;
  console.log(`  ${ok ? 'ok  ' : 'OVER'}  ${name}: ${(value / KB).toFixed(1)} KB of ${budget / KB} KB`);
}
if (process.argv.includes('--json')) {
  // For `npm run audit`: one machine-readable line last.
  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  const summary = `loader ${kb(loaderGzip)} gzip (≤ 5 KB), a page can pull ${kb(total.gzip)} gzip (≤ 160 KB), iife ${kb(iifeGzip)} gzip`;
  console.log(JSON.stringify({ ok: !failed, summary, rows }));
}
process.exit(failed ? 1 : 0);
