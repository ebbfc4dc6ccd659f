#!/usr/bin/env node
/**
 * `npm start`: builds whatever is missing or out of date in dist/, then runs the server.
 * `npm run admin -- <command>`: the same check, then the admin CLI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { STAMP, sourceFingerprint } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const admin = process.argv[2] === '--admin';
if (admin) process.argv.splice(2, 1);

const entry = admin ? 'dist/server/admin.js' : 'dist/server/main.js';
const needed = [entry, 'dist/site/index.html', 'dist/widgets/kasuwa-widgets.js', STAMP];
const stale =
  needed.some((file) => !fs.existsSync(file)) || fs.readFileSync(STAMP, 'utf8') !== (await sourceFingerprint());
if (stale) {
  const log = admin ? console.error : console.log;
  log('[start] dist/ is missing or older than the sources: building first');
  const { spawnSync } = await import('node:child_process');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
    stdio: ['ignore', admin ? 2 : 'inherit', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.join(root, entry)).href);
