/**
 * Vite builds the site's own client assets (the small enhancement script and the stylesheet) into
 * dist/site with hashed names and a manifest; scripts/build.mjs renders the HTML pages around them.
 * Vitest (logic and in-process server tests) is configured here too.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  publicDir: 'site/public',
  build: {
    outDir: 'dist/site',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    cssMinify: true,
    rollupOptions: {
      input: { main: 'site/client/main.ts' },
    },
  },
  test: {
    include: ['{common,server,site,widgets,bench,scripts}/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // One copy of graphql for everything, as under Node: the CommonJS build that graphql-jit requires
    // (Vite would otherwise pick the ES build for our imports), also inside graphql-http.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
    server: { deps: { inline: ['graphql-http'] } },
    // In-process servers would print one log line per request; the format is tested on its own.
    env: { LOG_REQUESTS: 'off' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
