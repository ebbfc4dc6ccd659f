#!/usr/bin/env node
/**
 * `npm run release`: the current build as releases/site/<build>/ and its .tar.gz (docs/deploying.md
 * "Production install"): dist/, releases/widgets/ (the widget versions kept) and what `npm ci --omit=dev`
 * and `npm start` need (RELEASE_FILES). The licence and install-script checks must pass first; the
 * release holds its CycloneDX SBOM, sbom.cdx.json (`npm sbom` over the production dependencies).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { installScriptProblems } from './install-scripts.mjs';
import { licenceProblems } from './licences.mjs';
import { lockPackages } from './lockfile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The project's files a production install reads: npm's manifest, lockfile and settings, the start script
 * and the runtime check it and the postinstall run (scripts/runtime.mjs).
 */
export const RELEASE_FILES = [
  'package.json',
  'package-lock.json',
  '.npmrc',
  'LICENSE',
  'scripts/start.mjs',
  'scripts/runtime.mjs',
];
/** The built folders it serves: the build, and the widget versions kept from earlier builds. */
export const RELEASE_FOLDERS = ['dist', 'releases/widgets'];
export const SBOM_FILE = 'sbom.cdx.json';

/** Copies the current build and RELEASE_FILES into `target` (made if missing); dist's symlink is followed. */
export function assembleRelease(target) {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js')))
    throw new Error('dist/ is missing: run `npm run build` first.');
  for (const item of [...RELEASE_FILES, ...RELEASE_FOLDERS]) {
    const from = path.join(root, item);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(target, item)), { recursive: true });
    fs.cpSync(fs.realpathSync(from), path.join(target, item), { recursive: true });
  }
  return target;
}

/**
 * The CycloneDX SBOM of what a production install brings (`npm ci --omit=dev --omit=optional`): `npm sbom`
 * over the whole lockfile, kept to the entries the lockfile marks neither dev nor optional. (npm 11's own
 * `--omit dev` drops a production package that a dev one also depends on: graphql, through @apollo/server.)
 */
export function sbom(dir = root) {
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
  const installed = new Set();
  for (const { name, entry } of lockPackages(lock)) {
    if (entry.link || entry.dev || entry.optional || entry.devOptional) continue;
    installed.add(`${name}@${entry.version}`);
  }
  const bom = JSON.parse(
    execFileSync('npm', ['sbom', '--sbom-format', 'cyclonedx', '--package-lock-only', '--sbom-type', 'application'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
  const rootRef = bom.metadata?.component?.['bom-ref'];
  const kept = (ref) => ref === rootRef || installed.has(ref);
  bom.components = bom.components.filter((component) => installed.has(component['bom-ref']));
  bom.dependencies = bom.dependencies
    .filter((dependency) => kept(dependency.ref))
    .map((dependency) => ({ ...dependency, dependsOn: (dependency.dependsOn ?? []).filter(kept) }));
  return `${JSON.stringify(bom, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.chdir(root);
  const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
  if (licenceProblems(lock).length) {
    console.error('[release] the licence check fails: run `npm run licences` for the packages and what to do.');
    process.exit(1);
  }
  const allowScripts = JSON.parse(fs.readFileSync('package.json', 'utf8')).allowScripts ?? {};
  const scripts = installScriptProblems(lock, allowScripts, (where) => fs.existsSync(path.join(where, 'binding.gyp')));
  if (scripts.length) {
    console.error(
      `[release] install scripts not decided (docs/security.md "Install scripts"):\n  ${scripts.join('\n  ')}`,
    );
    process.exit(1);
  }
  const name = path.basename(fs.realpathSync('dist'));
  const releases = path.join('releases', 'site');
  const target = path.join(releases, name);
  fs.rmSync(target, { recursive: true, force: true });
  assembleRelease(target);
  fs.writeFileSync(path.join(target, SBOM_FILE), sbom(target));
  execFileSync('tar', ['-czf', `${name}.tar.gz`, name], { cwd: releases });
  console.log(`[release] ${target}/ and ${target}.tar.gz (with ${SBOM_FILE}); install it: docs/deploying.md`);
}
