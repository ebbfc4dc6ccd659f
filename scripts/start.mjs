#!/usr/bin/env node
/**
 * `npm start`: the server on dist/. With the build tools installed, builds first when dist/ is missing or
 * older than the sources; without them (a production install, docs/deploying.md) serves the build it was
 * given, or says there is none. The configuration is read at start (docs/site.md). `npm run admin --
 * <command>`: the admin CLI, which never builds (a server may be serving dist/).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { requireSupportedRuntime } from './runtime.mjs';

requireSupportedRuntime();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const admin = process.argv[2] === '--admin';
if (admin) process.argv.splice(2, 1);

/** What scripts/build.mjs needs; all dev dependencies, so absent from a production install. */
const BUILD_TOOLS = ['vite', 'tsup', 'terser', 'browserslist-to-esbuild'];
const canBuild =
  fs.existsSync('scripts/build.mjs') &&
  BUILD_TOOLS.every((tool) => fs.existsSync(path.join('node_modules', tool, 'package.json')));

const entry = admin ? 'dist/server/admin.js' : 'dist/server/main.js';
if (admin || !canBuild) {
  if (!fs.existsSync(entry)) {
    const why = admin
      ? 'the admin commands never build'
      : 'the build tools are not installed here (a production install builds nowhere: docs/deploying.md)';
    console.error(`[${admin ? 'admin' : 'start'}] ${entry} is missing: run \`npm run build\` first (${why}).`);
    process.exit(1);
  }
} else {
  const { STAMP, sourceFingerprint } = await import('./build.mjs');
  const needed = [entry, 'dist/site/index.html', 'dist/widgets/kasuwa-widgets.js', STAMP];
  const stale =
    needed.some((file) => !fs.existsSync(file)) || fs.readFileSync(STAMP, 'utf8') !== (await sourceFingerprint());
  if (stale) {
    console.log('[start] dist/ is missing or older than the sources: building first');
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
await import(pathToFileURL(path.join(root, entry)).href);
