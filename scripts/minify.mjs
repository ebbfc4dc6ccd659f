/**
 * Terser after esbuild on what a page loads first (the widget chunks, the loader, the site's script;
 * scripts/build.mjs, vite.config.ts): its compressor takes 3% more off React, 2.2 KB brotli on `/`.
 * ES2020 at most (what package.json "browserslist" parses; widgets/browser-floor.built.test.ts reads
 * the result); licenses (`/*!`) kept.
 */
export const TERSER = {
  module: true,
  ecma: 2020,
  compress: { passes: 2 },
  mangle: true,
  format: { comments: /^!/ },
};
