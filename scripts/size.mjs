#!/usr/bin/env node
/**
 * `npm run size`: gzip and brotli size of every widget file, and the JavaScript a page can pull through
 * the loader (chunks only the reader's intent or action imports are listed apart). Fails over the
 * budgets of docs/quality.md, which also gives its flag; what counts: docs/embedding.md#size
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

const STATIC_IMPORT = /(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*\)/g;

/**
 * Every file reachable from `entries` through static imports, and through `import('./x.js')` in the
 * files `followDynamic` accepts; the other dynamic imports' targets are returned as `deferred`.
 */
function reachable(entries, followDynamic) {
  const found = new Set();
  const deferred = new Set();
  const visit = (file) => {
    if (found.has(file)) return;
    found.add(file);
    const code = fs.readFileSync(file, 'utf8');
    const resolve = (match) => path.resolve(path.dirname(file), match[1]);
    for (const match of code.matchAll(STATIC_IMPORT)) visit(resolve(match));
    for (const match of code.matchAll(DYNAMIC_IMPORT)) {
      if (followDynamic(file)) visit(resolve(match));
      else deferred.add(resolve(match));
    }
  };
  for (const entry of entries) visit(entry);
  return { files: [...found], deferred: [...deferred] };
}

const loader = path.join(dir, 'kasuwa-widgets.js');
if (!fs.existsSync(loader)) {
  console.error('dist/widgets/kasuwa-widgets.js is missing: run `npm run build` first.');
  process.exit(2);
}
const iife = path.join(dir, 'kasuwa-widgets.iife.js');
const page = reachable([loader], (file) => file === loader);
const pageFiles = page.files;
const onDemandFiles = reachable(page.deferred, () => true).files.filter((file) => !pageFiles.includes(file));
const fmt = (n) => `${(n / KB).toFixed(1).padStart(7)} KB`;
const rowOf = (file) => ({ file: path.relative(dir, file), ...sizes(file) });
const rows = [...pageFiles, iife].map(rowOf);
const onDemandRows = onDemandFiles.map(rowOf);
const sum = (list) =>
  list.reduce(
    (total, row) => ({ raw: total.raw + row.raw, gzip: total.gzip + row.gzip, brotli: total.brotli + row.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
const line = (name, size) => console.log(`${name.padEnd(48)} ${fmt(size.raw)} ${fmt(size.gzip)} ${fmt(size.brotli)}`);
console.log(`${'file'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
for (const row of rows) line(row.file, row);

const pageRows = rows.filter((row) => row.file !== 'kasuwa-widgets.iife.js');
const total = sum(pageRows);
line('all a page can pull via the loader', total);
if (onDemandRows.length) {
  console.log("\nloaded only on the reader's intent or action (not pulled by a page until then)");
  for (const row of onDemandRows) line(row.file, row);
  line('all loaded on demand', sum(onDemandRows));
}

const loaderGzip = rows[0].gzip;
const iifeGzip = rows.at(-1).gzip;
const checks = [
  ['loader (kasuwa-widgets.js) gzip', loaderGzip, budgets.loader],
  ['all widget JS a page can pull (loader + chunks) gzip', total.gzip, budgets.page],
  ['kasuwa-widgets.iife.js gzip', iifeGzip, budgets.page],
];
let failed = false;
console.log('\nbudgets (docs/quality.md)');
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
