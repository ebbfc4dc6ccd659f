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
    // graphql-http must share the one copy of graphql that the schema is built with (no dual package).
    server: { deps: { inline: ['graphql-http'] } },
    // In-process servers would print one log line per request; the format is tested on its own.
    env: { LOG_REQUESTS: 'off' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
