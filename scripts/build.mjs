#!/usr/bin/env node
/**
 * Builds everything into dist/: the widget bundles (tsup), the site's assets (vite), the server
 * (tsup), then renders every page to static HTML and writes .gz/.br siblings for the static server.
 * Usage: node scripts/build.mjs [--only widgets|package|site|server]
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { packWidgetsPackage } from './build-package.mjs';
import { catalogsByUrl, updateCatalogs, widgetMessages } from './i18n.mjs';
import { linguiMacroPlugin, transformMacros } from './lingui-macro.mjs';
import { mergeChunks } from './merge-chunks.mjs';
import { COMPILE_HINT_MIN_BYTES, compileWhileDownloading, TERSER } from './minify.mjs';
import { precompress } from './precompress.mjs';
import { inlineStyleHashes } from './style-hashes.mjs';
import { wordpressLanguageFiles } from './wordpress-i18n.mjs';
import { zipDirectory } from './zip.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const started = Date.now();
const step = (name) => console.log(`[build] ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

const quiet = { silent: true };

/**
 * What the widgets and the site's script must run in, as esbuild targets: package.json "browserslist"
 * (docs/embedding.md#supported-browsers). esbuild lowers the syntax; our newer built-ins go through
 * widgets/shared/compat.ts, and dependencies' Object.hasOwn (Apollo's) is rewritten here.
 */
export const browserTargets = () => browserslistToEsbuild();
/**
 * esbuild lowers `?.` for Chrome before 91 because of one V8 bug there: a call in an optional chain with
 * a spread argument before the last (`a?.b(...x, y)`). Nothing we ship has that shape
 * (widgets/browser-floor.built.test.ts checks), so `?.` stays as written: smaller, and what Chrome 80 runs.
 */
export const SUPPORTED_SYNTAX = { 'optional-chain': true };
const dependencyBuiltins = {
  name: 'dependency-builtins',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.js$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('Object.hasOwn(')) return undefined;
      return { contents: source.replaceAll('Object.hasOwn(', 'Object.prototype.hasOwnProperty.call('), loader: 'js' };
    });
  },
};
const tsup = async (options) => (await import('tsup')).build(options);

/**
 * The widgets' CSS sits in `/* css *\/` template literals, which esbuild leaves as written: comments and
 * spacing go, the rules stay (about 16% less CSS, 180 bytes brotli on a page with the signup form).
 */
export function minifyCssLiterals(source) {
  const minify = (css) =>
    css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,])\s*/g, '$1')
      .replace(/: /g, ':')
      .replace(/;}/g, '}')
      .trim();
  return source.replace(/\/\* css \*\/ `([^`]*)`/g, (_, css) => {
    // Interpolations (`${toastStyles}`) are kept as they are; only the text between them changes.
    const parts = css.split(/(\$\{[^}]*\})/).map((part, i) => (i % 2 ? part : minify(part)));
    return `\`${parts.join('')}\``;
  });
}

// Also compiles Lingui's macros (scripts/lingui-macro.mjs), each message with its English beside its
// id: esbuild runs one onLoad per file.
let widgetMessageKeys;
const cssLiterals = {
  name: 'css-literals',
  setup(build) {
    build.onLoad({ filter: /[\\/](widgets|common)[\\/].*\.tsx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      widgetMessageKeys ??= widgetMessages();
      const withMacros = (await transformMacros(source, args.path, await widgetMessageKeys)) ?? source;
      if (withMacros === source && !source.includes('/* css */')) return undefined;
      return { contents: minifyCssLiterals(withMacros), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

export async function buildWidgets() {
  fs.rmSync('dist/widgets', { recursive: true, force: true });
  const common = {
    ...quiet,
    outDir: 'dist/widgets',
    platform: 'browser',
    target: browserTargets(),
    minify: true,
    treeshake: true,
    // A standalone bundle: React, Apollo and the rest go inside (tsup leaves dependencies external).
    noExternal: [/.*/],
    define: { 'process.env.NODE_ENV': '"production"' },
    sourcemap: false,
    dts: false,
    clean: false,
    esbuildOptions(options) {
      // Apollo Client ships a production build behind this export condition (no dev messages).
      options.conditions = ['production', 'browser', 'module', 'import', 'default'];
      options.chunkNames = 'chunks/[name]-[hash]';
      options.supported = SUPPORTED_SYNTAX;
      options.legalComments = 'linked'; // Licenses in <file>.LEGAL.txt beside it, named by its last line: 0.4 KB brotli less on /.
    },
  };
  // What the loader import()s is built first, as entries with hashed names in chunks/, then the loader
  // alone with those imports pointed at them. Built together, the loader would statically import
  // esbuild's shared helper chunk: one more round trip (300 ms on a cheap phone's network) before it
  // can reserve the widgets' sizes, and a later first paint in Lighthouse's simulation.
  // Every tag's define file (`widgets/<tag>/<tag>.define.ts`) and shared runtime, found rather than
  // listed, so widgets/registry.ts stays the one list of what the loader imports.
  const lazy = Object.fromEntries([
    ...fs
      .readdirSync('widgets', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(`widgets/${entry.name}/${entry.name}.define.ts`))
      .map((entry) => [`${entry.name}.define`, `widgets/${entry.name}/${entry.name}.define.ts`]),
    ...fs
      .readdirSync('widgets/shared')
      .filter((file) => /^runtime-[\w-]+\.ts$/.test(file))
      .map((file) => [file.replace(/\.ts$/, ''), `widgets/shared/${file}`]),
    // Which chunk holds each language, a chunk the loader and the widgets share (not one a page in
    // English loads); each language beyond English, an entry so the IIFE can import it too.
    ['catalog-loaders', 'widgets/shared/catalog-loaders.ts'],
    ...fs
      .readdirSync('common/locales')
      .filter((file) => /^widgets\.(?!en\.)[\w-]+\.ts$/.test(file))
      .map((file) => [file.replace(/\.ts$/, ''), `common/locales/${file}`]),
  ]);
  await tsup({
    ...common,
    entry: lazy,
    format: ['esm'],
    splitting: true,
    metafile: true,
    esbuildPlugins: [cssLiterals, dependencyBuiltins],
    outExtension: () => ({ js: '.js' }),
    esbuildOptions(options) {
      common.esbuildOptions(options);
      options.entryNames = 'chunks/[name]-[hash]';
    },
  });
  // The chunks that always load together, merged into one file each (scripts/merge-chunks.mjs).
  const { entries: built, tagFiles } = await mergeChunks({
    dir: path.resolve('dist/widgets/chunks'),
    metafile: 'dist/widgets/metafile-esm.json',
    external: Object.values(lazy).map((source) => path.resolve(source)),
    registry: 'widgets/registry.ts',
    esbuildOptions: { target: browserTargets(), supported: SUPPORTED_SYNTAX },
  });
  for (const file of fs.readdirSync('dist/widgets/chunks')) {
    const chunk = path.join('dist/widgets/chunks', file);
    // A small chunk compiles in well under a millisecond; the hint would add its 20 bytes for nothing.
    if (fs.statSync(chunk).size >= COMPILE_HINT_MIN_BYTES) compileWhileDownloading(chunk);
  }
  // The loader's imports pointed at the chunks, and widgets/tag-files.ts filled in.
  const lazyChunks = {
    name: 'lazy-chunks',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        const source = path.resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
        if (source === path.resolve('widgets/tag-files.ts')) return { path: source, namespace: 'tag-files' };
        const chunk = built.get(source);
        return chunk ? { path: chunk, external: true } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'tag-files' }, () => ({
        contents: `export const tagFiles = ${JSON.stringify(tagFiles)};`,
        loader: 'js',
      }));
    },
  };
  await tsup({
    ...common,
    entry: { 'kasuwa-widgets': 'widgets/loader.ts' },
    minify: 'terser',
    terserOptions: TERSER,
    format: ['esm'],
    outExtension: () => ({ js: '.js' }),
    esbuildPlugins: [lazyChunks, dependencyBuiltins],
  });
  await tsup({
    ...common,
    entry: { 'kasuwa-widgets': 'widgets/all.ts' },
    format: ['iife'],
    esbuildPlugins: [catalogsByUrl(built), cssLiterals, dependencyBuiltins],
    outExtension: () => ({ js: '.iife.js' }),
  });
  compileWhileDownloading('dist/widgets/kasuwa-widgets.iife.js');
  await writeStyleHashes();
  await writeWidgetDocs();
  step('widgets built');
}

/**
 * From widgets/metadata.ts (bundled on the fly): custom-elements.json and the kasuwa-widgets*.d.ts
 * files, and the generated tables of the guides (widgets/api-docs.ts), rewritten only when they differ.
 */
async function widgetMeta() {
  const { build } = await import('esbuild');
  const out = await build({
    stdin: {
      contents: "export * from './widgets/declarations.ts'; export * from './widgets/api-docs.ts';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

async function writeWidgetDocs() {
  const meta = await widgetMeta();
  fs.writeFileSync('dist/widgets/custom-elements.json', `${JSON.stringify(meta.customElementsManifest(), null, 2)}\n`);
  for (const [file, text] of Object.entries(meta.typeDeclarations())) fs.writeFileSync(`dist/widgets/${file}`, text);
  for (const [guide, regions] of Object.entries(meta.generatedRegions())) {
    const before = fs.readFileSync(guide, 'utf8');
    let after = before;
    for (const [name, content] of Object.entries(regions)) after = meta.withRegion(after, name, content);
    if (after !== before) {
      fs.writeFileSync(guide, after);
      console.log(`[build] ${guide}: generated tables updated from widgets/metadata.ts`);
    }
  }
}

export async function buildPackage() {
  await packWidgetsPackage({
    tsup,
    target: browserTargets(),
    declarations: (await widgetMeta()).packageDeclarations(),
  });
  step('package packed');
}

export async function buildSiteAssets() {
  const { build: vite } = await import('vite');
  await vite({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  step('site assets built');
}

export async function buildServer() {
  fs.rmSync('dist/server', { recursive: true, force: true });
  await tsup({
    ...quiet,
    entry: {
      main: 'server/main.ts',
      render: 'site/render.ts',
      // The site's renderers for the pages the server answers itself; main.js loads it by path.
      'site-pages': 'site/page-renderers.ts',
      ...(fs.existsSync('server/admin.ts') ? { admin: 'server/admin.ts' } : {}),
    },
    outDir: 'dist/server',
    esbuildPlugins: [linguiMacroPlugin],
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    splitting: true,
    sourcemap: true,
    clean: false,
    dts: false,
  });
  step('server built');
}

export async function renderPages() {
  const { renderAll, readAssets, everyInlineCss, siteConfigFromEnv } = await import(
    `${pathToFileURL(path.join(root, 'dist/server/render.js')).href}?t=${Date.now()}`
  );
  // With no deployment's settings: the server renders the pages again at start with its own
  // (PUBLIC_URL, the third-party IDs), so the environment of whoever builds never reaches dist/.
  const assets = readAssets('dist/site');
  const pages = renderAll(assets, siteConfigFromEnv({}));
  const documents = pages.map((page) => {
    fs.mkdirSync(path.dirname(path.join('dist/site', page.file)), { recursive: true });
    fs.writeFileSync(path.join('dist/site', page.file), page.html);
    return page.html;
  });
  const hashes = inlineStyleHashes(documents, everyInlineCss(assets));
  fs.writeFileSync('dist/site/style-hashes.json', `${JSON.stringify(hashes, null, 2)}\n`);
  step(`${pages.length} pages rendered, ${hashes.length} inline style hashes`);
}

/** The WordPress plugin (integrations/wordpress/, its languages/ from locales/*.po) as the zip served at PLUGIN_ZIP_URL. */
export const PLUGIN_ZIP = 'dist/site/downloads/kasuwa-wordpress.zip';
export async function zipWordPressPlugin() {
  const { files: languages, missing } = await wordpressLanguageFiles();
  for (const text of missing) console.warn(`[build] WordPress plugin: no catalog message says "${text}"`);
  const files = zipDirectory('integrations/wordpress', 'kasuwa', PLUGIN_ZIP, {
    exclude: (file) => file.endsWith('.ts'),
    extra: languages,
  });
  step(`WordPress plugin zipped (${files} files, ${PLUGIN_ZIP})`);
}

/**
 * dist/widgets/style-hashes.json: the CSP hash of each CSS text the widgets may add as a <style> where
 * constructable stylesheets are missing (every export of a `*.styles.ts` file under widgets/, and the
 * loader's reserved sizes), minified as in the bundles, so our own pages allow exactly these.
 */
async function writeStyleHashes() {
  const modules = fs
    .readdirSync('widgets', { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[./])styles\.ts$/.test(file))
    .map((file) => `./widgets/${file}`);
  const contents = [
    ...modules.map((file, i) => `export * as m${i} from '${file}';`),
    "export { reservedSizesCss } from './widgets/host-sizes.ts';",
  ].join('\n');
  const { build } = await import('esbuild');
  const out = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    plugins: [cssLiterals],
  });
  const code = out.outputFiles[0].text;
  const { reservedSizesCss, ...styleModules } = await import(
    `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  );
  const texts = [...Object.values(styleModules).flatMap((exports) => Object.values(exports)), reservedSizesCss()];
  const hashes = texts.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  fs.writeFileSync('dist/widgets/style-hashes.json', `${JSON.stringify(hashes, null, 2)}\n`);
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
    ...'build build-package i18n lingui-macro merge-chunks minify precompress style-hashes wordpress-i18n zip'
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

export const STAMP = 'dist/.build-stamp';

async function main() {
  const fingerprint = await sourceFingerprint();
  // Messages extracted into locales/*.po and compiled into common/locales/ (docs/languages.md).
  const catalogs = await updateCatalogs();
  if (catalogs.length) console.log(`[build] catalogs compiled: ${catalogs.join(', ')}`);
  step('catalogs');
  if (!only || only === 'widgets') await buildWidgets();
  if (!only || only === 'package') await buildPackage();
  if (!only || only === 'site' || only === 'server') {
    if (only !== 'server') await buildSiteAssets();
    await buildServer();
    await renderPages();
    await zipWordPressPlugin();
  }
  const compressed = precompress('dist/widgets') + precompress('dist/site');
  step(`${compressed} files precompressed (gzip, brotli)`);
  if (!only) fs.writeFileSync(STAMP, fingerprint);
  console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
