/**
 * Terser after esbuild on what a page loads first (the widget chunks, the loader, the site's script;
 * scripts/build.mjs, vite.config.ts): its compressor takes more off React than esbuild's.
 * ES2020 at most (what package.json "browserslist" parses; widgets/browser-floor.built.test.ts reads
 * the result); licenses (`/*!`) kept.
 */
import fs from 'node:fs';

export const TERSER = {
  module: true,
  ecma: 2020,
  compress: { passes: 2 },
  mangle: true,
  format: { comments: /^!/ },
};

/**
 * Opens a script with V8's explicit compile hint (Chrome 136+; other engines skip the comment), which
 * counts only as the first line (esbuild's banner goes after the hoisted imports): every function is
 * compiled on the background thread that parses the script as it downloads. A widget calls most of
 * them in its first render, and React's CommonJS wrapper is one huge function that V8 would otherwise
 * compile on the main thread when first called: 25 ms of one task on our host, 7× that on the phone
 * Lighthouse emulates (docs/benchmarks.md, "Phone").
 */
export const COMPILE_HINT_MIN_BYTES = 16 * 1024;
export function compileWhileDownloading(file) {
  fs.writeFileSync(file, `//# allFunctionsCalledOnLoad\n${fs.readFileSync(file, 'utf8')}`);
}
