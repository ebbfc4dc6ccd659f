#!/usr/bin/env node
/**
 * `npm start`: builds when dist/ is missing or older than the sources, then runs the server. The
 * configuration is not part of the build (the server renders its pages with it at start, docs/site.md).
 * `npm run admin -- <command>`: the admin CLI, which never builds (a server may be serving dist/).
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

const entry = admin ? 'dist/server/admin.js' : 'dist/server/main.js';
if (admin) {
  if (!fs.existsSync(entry)) {
    console.error('[admin] dist/ is missing: run `npm run build` first (the admin commands never build).');
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
