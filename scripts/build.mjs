#!/usr/bin/env node
/**
 * Builds everything into a new folder: the widget bundles (tsup), the site's assets (vite), the server
 * (tsup), then renders every page to static HTML and writes .gz/.br siblings for the static server; then
 * swaps it in as dist/ (scripts/build-folders.mjs). Usage: node scripts/build.mjs [--only widgets|package|site|server]
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { graceDays, LIVE, newBuildFolder, swapIn, sweepBuilds } from './build-folders.mjs';
import { releaseWidgets, writeVersionTable } from './build-releases.mjs';
import { buildPackage, buildWidgets } from './build-widgets.mjs';
import { updateCatalogs } from './i18n.mjs';
import { linguiMacroPlugin } from './lingui-macro.mjs';
import { precompress } from './precompress.mjs';
import { inlineStyleHashes } from './style-hashes.mjs';
import { wordpressLanguageFiles } from './wordpress-i18n.mjs';
import { zipDirectory } from './zip.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const started = Date.now();
const step = (name) => console.log(`[build] ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

export async function buildSiteAssets(out) {
  const { build: vite } = await import('vite');
  await vite({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: path.join(out, 'site') },
  });
  step('site assets built');
}

export async function buildServer(out) {
  fs.rmSync(path.join(out, 'server'), { recursive: true, force: true });
  const { build: tsup } = await import('tsup');
  await tsup({
    silent: true,
    entry: {
      main: 'server/main.ts',
      render: 'site/render.ts',
      // The site's renderers for the pages the server answers itself; main.js loads it by path.
      'site-pages': 'site/page-renderers.ts',
      ...(fs.existsSync('server/admin.ts') ? { admin: 'server/admin.ts' } : {}),
    },
    outDir: path.join(out, 'server'),
    esbuildPlugins: [linguiMacroPlugin],
    format: ['esm'],
    platform: 'node',
    target: 'node24',
    splitting: true,
    sourcemap: true,
    clean: false,
    dts: false,
  });
  step('server built');
}

export async function renderPages(out) {
  const siteDir = path.join(out, 'site');
  const { renderAll, readAssets, everyInlineCss, siteConfigFromEnv } = await import(
    `${pathToFileURL(path.resolve(out, 'server/render.js')).href}?t=${Date.now()}`
  );
  // With no deployment's settings: the server renders the pages again at start with its own
  // (PUBLIC_URL, the third-party IDs), so the environment of whoever builds never reaches dist/.
  const assets = readAssets(siteDir);
  const pages = renderAll(assets, siteConfigFromEnv({}));
  const documents = pages.map((page) => {
    fs.mkdirSync(path.dirname(path.join(siteDir, page.file)), { recursive: true });
    fs.writeFileSync(path.join(siteDir, page.file), page.html);
    return page.html;
  });
  const hashes = inlineStyleHashes(documents, everyInlineCss(assets));
  fs.writeFileSync(path.join(siteDir, 'style-hashes.json'), `${JSON.stringify(hashes, null, 2)}\n`);
  step(`${pages.length} pages rendered, ${hashes.length} inline style hashes`);
}

/** The WordPress plugin (integrations/wordpress/, its languages/ from locales/*.po) as the zip served at PLUGIN_ZIP_URL. */
const PLUGIN_ZIP = 'site/downloads/kasuwa-wordpress.zip';
export async function zipWordPressPlugin(out) {
  const { files: languages, missing } = await wordpressLanguageFiles();
  for (const text of missing) console.warn(`[build] WordPress plugin: no catalog message says "${text}"`);
  const files = zipDirectory('integrations/wordpress', 'kasuwa', path.join(out, PLUGIN_ZIP), {
    exclude: (file) => file.endsWith('.ts'),
    extra: languages,
  });
  step(`WordPress plugin zipped (${files} files, ${PLUGIN_ZIP})`);
}

/** A fingerprint of every input of the build, so `npm start` knows whether dist/ is current. */
export async function sourceFingerprint() {
  const hash = createHash('sha256');
  const inputs = [
    'common',
    'locales',
    'lingui.config.ts',
    'server',
    'site',
    'widgets',
    'packages',
    'integrations',
    // Every script the build runs (scripts/build.mjs and the files it imports).
    ...'build build-folders build-package build-releases build-widgets i18n lingui-macro merge-chunks minify precompress style-hashes wordpress-i18n zip'
      .split(' ')
      .map((name) => `scripts/${name}.mjs`),
    'vite.config.ts',
    'package.json',
    'package-lock.json',
  ];
  for (const input of inputs) {
    if (!fs.existsSync(input)) continue;
    const files = fs.statSync(input).isDirectory()
      ? fs
          .readdirSync(input, { recursive: true })
          .map((f) => path.join(input, f))
          .filter((f) => fs.statSync(f).isFile() && !/\.(test\.(ts|js)|browser\.ts)$/.test(f))
      : [input];
    for (const file of files.sort()) hash.update(file).update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

const STAMP_FILE = '.build-stamp';
/** The fingerprint of the sources the current build was made from. */
export const STAMP = path.join(LIVE, STAMP_FILE);

/** Extracts the messages into locales/*.po and compiles them into common/locales/ (docs/languages.md). */
async function compileCatalogs() {
  const catalogs = await updateCatalogs();
  if (catalogs.length) console.log(`[build] catalogs compiled: ${catalogs.join(', ')}`);
  step('catalogs');
}

async function bundleWidgets(out) {
  await buildWidgets(out);
  step('widgets built');
}

async function packWidgetsPackage(out) {
  await buildPackage(out);
  step('package packed');
}

/** The site's assets (not with --only server, which keeps the current ones), the server, the pages and the plugin. */
async function buildSiteAndServer(out) {
  if (only !== 'server') await buildSiteAssets(out);
  await buildServer(out);
  await renderPages(out);
  await zipWordPressPlugin(out);
}

/** .gz and .br beside every file the static server sends. */
function precompressStatic(out) {
  const compressed = precompress(path.join(out, 'widgets')) + precompress(path.join(out, 'site'));
  step(`${compressed} files precompressed (gzip, brotli)`);
}

/** This build's widgets kept as a release under releases/ and docs/embedding.md's version table rewritten. */
function releaseVersion(out) {
  step(releaseWidgets(out));
  writeVersionTable();
}

/** Fills `out` with the parts --only asks for (all of them without it); a full build is stamped with its sources. */
async function buildInto(out, fingerprint) {
  if (!only || only === 'widgets') await bundleWidgets(out);
  if (!only || only === 'package') await packWidgetsPackage(out);
  if (!only || only === 'site' || only === 'server') await buildSiteAndServer(out);
  precompressStatic(out);
  if (!only || only === 'widgets') releaseVersion(out);
  if (!only) fs.writeFileSync(path.join(out, STAMP_FILE), fingerprint);
}

/** `out` becomes dist/; builds replaced more than the grace period ago are removed. */
function swapInAndSweep(out, grace) {
  swapIn(out);
  const swept = sweepBuilds(grace, { keep: out });
  step(`${LIVE} → ${out}${swept.length ? `; ${swept.length} builds replaced over ${grace} days ago removed` : ''}`);
}

async function main() {
  const fingerprint = await sourceFingerprint();
  const grace = graceDays();
  await compileCatalogs();
  const out = newBuildFolder({ fromCurrent: Boolean(only) });
  try {
    await buildInto(out, fingerprint);
  } catch (error) {
    fs.rmSync(out, { recursive: true, force: true });
    throw error;
  }
  swapInAndSweep(out, grace);
  console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
