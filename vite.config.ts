/**
 * Vite builds the site's own client assets (the small enhancement script and the stylesheet's parts) into
 * dist/site with hashed names and a manifest; scripts/build.mjs renders the HTML pages around them.
 * Vitest (logic and in-process server tests) is configured here too.
 */
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { defineConfig } from 'vitest/config';
import { linguiMacroVitePlugin } from './scripts/lingui-macro.mjs';
import { TERSER } from './scripts/minify.mjs';
import { tagFactsModule } from './scripts/tag-facts.mjs';
import { PAGE_SCRIPTS } from './site/page-scripts.js';
import { STYLE_PARTS } from './site/styles/parts.js';

/**
 * Vite wraps every dynamic import in a helper that first preloads the imported chunk's own imports
 * (code in main.js on every page). The site's one dynamic import, third-party.ts, imports only
 * main.js's own code, so there is nothing to preload: the helper is answered with a plain call.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const noPreloadHelper = {
  name: 'kasuwa:no-preload-helper',
  apply: 'build' as const,
  resolveId: (id: string) => (id === PRELOAD_HELPER ? id : undefined),
  load: (id: string) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : undefined),
};

/**
 * widgets/tag-options.ts as the site's assets see it: each tag's name and options alone, so the embed
 * builder's script takes no tag's metadata (the docs' words) and no widget chunk.
 */
const TAG_OPTIONS = /[\\/]widgets[\\/]tag-options\.ts$/;
const tagOptionsOnly = {
  name: 'kasuwa:tag-options',
  apply: 'build' as const,
  load: (id: string) => (TAG_OPTIONS.test(id) ? tagFactsModule(id, 'tagOptions', ['tag', 'options']) : undefined),
};

export default defineConfig({
  publicDir: 'site/public',
  // Lingui's macros (msg, defineMessage) compiled away, in the site's assets and under Vitest.
  plugins: [linguiMacroVitePlugin(), noPreloadHelper, tagOptionsOnly],
  esbuild: { supported: { 'optional-chain': true } },
  build: {
    outDir: 'dist/site',
    emptyOutDir: true,
    manifest: true,
    // package.json "browserslist", as for the widgets, `?.` kept as written (SUPPORTED_SYNTAX in scripts/build.mjs).
    target: browserslistToEsbuild(),
    minify: 'terser',
    terserOptions: TERSER,
    cssMinify: true,
    rollupOptions: {
      // Each part of the stylesheet a file of its own: a page inlines only the parts it uses (site/styles/parts.ts).
      input: {
        main: 'site/client/main.ts',
        // The scripts of some pages only (site/page-scripts.ts): no other page loads them.
        ...PAGE_SCRIPTS,
        ...Object.fromEntries(STYLE_PARTS.map((part) => [`style-${part}`, `site/styles/${part}.css`])),
      },
    },
  },
  test: {
    // e2e/cluster: the multi-server test and the fault suite's cluster cases, on the build.
    include: [
      '{common,server,site,widgets,bench,scripts,packages,integrations,deploy,testing}/**/*.test.ts',
      'e2e/cluster/**/*.built.test.ts',
      'e2e/cluster/**/*.fault.test.ts',
    ],
    environment: 'node',
    // Finds PostgreSQL for the suites that run on both backends (docs/postgresql.md, "Tests"), and Redis
    // for the shared limits (docs/scaling.md).
    globalSetup: ['testing/system/postgres-global-setup.ts', 'testing/system/redis-global-setup.ts'],
    pool: 'forks',
    // One copy of graphql for everything, as under Node: the CommonJS build that graphql-jit requires
    // (Vite would otherwise pick the ES build for our imports), also inside graphql-http.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
    server: { deps: { inline: ['graphql-http'] } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
