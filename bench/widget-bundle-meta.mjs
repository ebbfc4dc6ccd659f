#!/usr/bin/env node
/**
 * What each package adds to the widget JavaScript a page can pull (minified bytes, before gzip), from
 * an esbuild metafile of the same build as scripts/build.mjs. Usage: node bench/widget-bundle-meta.mjs
 */
import { build } from 'esbuild';

const result = await build({
  entryPoints: ['widgets/loader.ts'],
  bundle: true,
  splitting: true,
  format: 'esm',
  outdir: 'dist/.meta',
  minify: true,
  metafile: true,
  write: false,
  target: 'es2020',
  jsx: 'automatic',
  conditions: ['production', 'browser', 'module', 'import', 'default'],
  define: { 'process.env.NODE_ENV': '"production"' },
});

const byPackage = new Map();
for (const output of Object.values(result.metafile.outputs)) {
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const key = match ? match[1] : input.split('/').slice(0, 2).join('/');
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
  }
}
const rows = [...byPackage].sort((a, b) => b[1] - a[1]);
for (const [name, bytes] of rows) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${name}`);
console.log(`${(rows.reduce((sum, [, b]) => sum + b, 0) / 1024).toFixed(1).padStart(7)} KB  total (minified)`);
