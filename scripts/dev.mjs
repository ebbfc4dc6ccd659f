#!/usr/bin/env node
/**
 * `npm run dev`: rebuilds widgets (tsup) and site assets (vite) on change, and runs the server with
 * tsx in watch mode, rendering pages on each request so template edits show on reload.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, buildSiteAssets, renderPages } from './build.mjs';
import { DEV } from './build-folders.mjs';
import { buildWidgets } from './build-widgets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// Its own build folder: a server started with `npm start` keeps serving dist/ untouched.
fs.mkdirSync(DEV, { recursive: true });
await buildWidgets(DEV);
await buildSiteAssets(DEV);
await buildServer(DEV);
await renderPages(DEV);

// Widgets: the same standalone build as production, redone shortly after any change.
let timer;
for (const dir of ['widgets', 'common']) {
  fs.watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => buildWidgets(DEV).catch((error) => console.error('[dev] widget build failed:', error.message)),
      150,
    );
  });
}

const children = [
  spawn(bin('vite'), ['build', '--watch', '--logLevel', 'warn', '--outDir', path.join(DEV, 'site')], {
    stdio: 'inherit',
  }),
  // Lingui's macros in the templates and mails are compiled as tsx loads them (scripts/lingui-hooks.mjs).
  spawn(bin('tsx'), ['watch', '--clear-screen=false', '--import', './scripts/lingui-register.mjs', 'server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      SITE_RENDER: 'on-request',
      SITE_DIR: path.join(DEV, 'site'),
      WIDGETS_DIR: path.join(DEV, 'widgets'),
      // The templates from source, so tsx watch picks up their edits too.
      SITE_PAGES: 'site/page-renderers.ts',
      NODE_ENV: process.env.NODE_ENV ?? 'development',
    },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
