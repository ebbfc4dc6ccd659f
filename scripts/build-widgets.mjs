/**
 * The widgets' part of the build: the lazy chunks and the loader (tsup, scripts/merge-chunks.mjs), the
 * IIFE bundle, the CSP hashes of their styles, custom-elements.json and the types from the tags' metadata,
 * and the @kasuwa/widgets package. scripts/build.mjs calls them with the build's folder.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { packWidgetsPackage } from './build-package.mjs';
import { catalogsByUrl, widgetMessages } from './i18n.mjs';
import { transformMacros } from './lingui-macro.mjs';
import { lazyImportsLeft, mergeChunks } from './merge-chunks.mjs';
import { COMPILE_HINT_MIN_BYTES, compileWhileDownloading, TERSER } from './minify.mjs';
import { tagFactsModule } from './tag-facts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
 * spacing go, the rules stay.
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

/**
 * widgets/page-facts.ts as the bundles see it: only what a page needs of each tag to load it
 * (`PAGE_FACTS`), so no tag's metadata reaches a file a page loads (widgets/chunks.built.test.ts checks).
 */
const PAGE_FACTS = ['tag', 'hostSize', 'runtimes', 'define'];
const pageFacts = {
  name: 'page-facts',
  setup(build) {
    build.onLoad({ filter: /[\\/]widgets[\\/]page-facts\.ts$/ }, async (args) => ({
      contents: await tagFactsModule(args.path, 'pageFacts', PAGE_FACTS),
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/** What every widget build shares: a minified standalone browser bundle into `widgetsDir`. */
function sharedOptions(widgetsDir) {
  return {
    ...quiet,
    outDir: widgetsDir,
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
      options.legalComments = 'linked'; // Licenses in <file>.LEGAL.txt beside it, named by its last line: no bytes a page loads.
    },
  };
}

/**
 * What the loader import()s, by chunk name: every tag's define file (`widgets/<tag>/<tag>.define.ts`) and
 * shared runtime, found rather than listed, so widgets/tags.ts stays the one list of tags; which chunk
 * holds each language (a chunk the loader and the widgets share, not one a page in English loads); and
 * each language beyond English, an entry so the IIFE can import it too.
 */
function lazyEntries() {
  return Object.fromEntries([
    ...fs
      .readdirSync('widgets', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(`widgets/${entry.name}/${entry.name}.define.ts`))
      .map((entry) => [`${entry.name}.define`, `widgets/${entry.name}/${entry.name}.define.ts`]),
    ...fs
      .readdirSync('widgets/shared')
      .filter((file) => /^runtime-[\w-]+\.ts$/.test(file))
      .map((file) => [file.replace(/\.ts$/, ''), `widgets/shared/${file}`]),
    ['catalog-loaders', 'widgets/shared/catalog-loaders.ts'],
    ...fs
      .readdirSync('common/locales')
      .filter((file) => /^widgets\.(?!en\.)[\w-]+\.ts$/.test(file))
      .map((file) => [file.replace(/\.ts$/, ''), `common/locales/${file}`]),
  ]);
}

/**
 * The lazy entries as hashed chunks in chunks/, those that always load together merged into one file
 * each (scripts/merge-chunks.mjs): each source's chunk (`entries`) and each tag's files (`tagFiles`).
 */
async function buildLazyChunks(shared, widgetsDir, lazy) {
  await tsup({
    ...shared,
    entry: lazy,
    format: ['esm'],
    splitting: true,
    metafile: true,
    esbuildPlugins: [pageFacts, cssLiterals, dependencyBuiltins],
    outExtension: () => ({ js: '.js' }),
    esbuildOptions(options) {
      shared.esbuildOptions(options);
      options.entryNames = 'chunks/[name]-[hash]';
    },
  });
  return mergeChunks({
    dir: path.resolve(widgetsDir, 'chunks'),
    metafile: path.join(widgetsDir, 'metafile-esm.json'),
    external: Object.values(lazy).map((source) => path.resolve(source)),
    registry: 'widgets/registry.ts',
    esbuildOptions: { target: browserTargets(), supported: SUPPORTED_SYNTAX },
  });
}

/** Marks each chunk worth it for compiling while it downloads (scripts/minify.mjs). */
function hintChunkCompilation(widgetsDir) {
  for (const file of fs.readdirSync(path.join(widgetsDir, 'chunks'))) {
    const chunk = path.join(widgetsDir, 'chunks', file);
    // A small chunk compiles in well under a millisecond; the hint would add its 20 bytes for nothing.
    if (fs.statSync(chunk).size >= COMPILE_HINT_MIN_BYTES) compileWhileDownloading(chunk);
  }
}

/** kasuwa-widgets.js alone, its imports pointed at the built chunks and widgets/tag-files.ts filled in. */
async function buildLoader(shared, built, tagFiles) {
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
    ...shared,
    entry: { 'kasuwa-widgets': 'widgets/loader.ts' },
    minify: 'terser',
    terserOptions: TERSER,
    format: ['esm'],
    outExtension: () => ({ js: '.js' }),
    esbuildPlugins: [lazyChunks, pageFacts, dependencyBuiltins],
  });
}

/** kasuwa-widgets.iife.js: every widget in one classic script, the languages fetched by URL from the chunks. */
async function buildIife(shared, widgetsDir, built) {
  await tsup({
    ...shared,
    entry: { 'kasuwa-widgets': 'widgets/all.ts' },
    format: ['iife'],
    esbuildPlugins: [catalogsByUrl(built), pageFacts, cssLiterals, dependencyBuiltins],
    outExtension: () => ({ js: '.iife.js' }),
  });
  compileWhileDownloading(path.join(widgetsDir, 'kasuwa-widgets.iife.js'));
}

/**
 * The widgets into `out`/widgets. What the loader import()s is built first, as entries with hashed names
 * in chunks/, then the loader alone with those imports pointed at them. Built together, the loader would
 * statically import esbuild's shared helper chunk: one more round trip (300 ms on a cheap phone's
 * network) before it can reserve the widgets' sizes, and a later first paint in Lighthouse's simulation.
 */
export async function buildWidgets(out) {
  const widgetsDir = path.join(out, 'widgets');
  fs.rmSync(widgetsDir, { recursive: true, force: true });
  const shared = sharedOptions(widgetsDir);
  const lazy = lazyEntries();
  const { entries: built, tagFiles } = await buildLazyChunks(shared, widgetsDir, lazy);
  hintChunkCompilation(widgetsDir);
  await buildLoader(shared, built, tagFiles);
  await buildIife(shared, widgetsDir, built);
  await writeStyleHashes(widgetsDir);
  await writeWidgetDocs(widgetsDir);
}

/**
 * From each tag's metadata (widgets/metadata.ts, bundled on the fly): custom-elements.json and the
 * kasuwa-widgets*.d.ts files (scripts/widget-declarations.ts), and the generated tables of the guides
 * (scripts/widget-api-docs.ts), rewritten only when they differ.
 */
async function widgetMeta() {
  const { build } = await import('esbuild');
  const out = await build({
    stdin: {
      contents: "export * from './scripts/widget-declarations.ts'; export * from './scripts/widget-api-docs.ts';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    plugins: [lazyImportsLeft],
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

async function writeWidgetDocs(widgetsDir) {
  const meta = await widgetMeta();
  fs.writeFileSync(path.join(widgetsDir, 'custom-elements.json'), manifestText(meta));
  for (const [file, text] of Object.entries(meta.typeDeclarations()))
    fs.writeFileSync(path.join(widgetsDir, file), text);
  for (const [guide, after] of Object.entries(meta.guideTexts((file) => fs.readFileSync(file, 'utf8')))) {
    if (after !== fs.readFileSync(guide, 'utf8')) {
      fs.writeFileSync(guide, after);
      console.log(`[build] ${guide}: generated tables updated from the tags' metadata`);
    }
  }
}

/** custom-elements.json (served beside the widgets and in @kasuwa/widgets). */
const manifestText = (meta) => `${JSON.stringify(meta.customElementsManifest(), null, 2)}\n`;

export async function buildPackage(out) {
  const meta = await widgetMeta();
  await packWidgetsPackage({
    out,
    tsup,
    target: browserTargets(),
    declarations: meta.packageDeclarations(),
    manifest: manifestText(meta),
  });
}

/**
 * dist/widgets/style-hashes.json: the CSP hash of each CSS text the widgets may add as a <style> where
 * constructable stylesheets are missing (every export of a `*.styles.ts` file under widgets/, and the
 * loader's reserved sizes), minified as in the bundles, so our own pages allow exactly these.
 */
async function writeStyleHashes(widgetsDir) {
  const modules = fs
    .readdirSync('widgets', { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[./])styles\.ts$/.test(file))
    .map((file) => `./widgets/${file}`);
  const contents = [
    ...modules.map((file, i) => `export * as m${i} from '${file}';`),
    "export { reservedSizesCss } from './widgets/registry.ts';",
  ].join('\n');
  const { build } = await import('esbuild');
  const out = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    plugins: [lazyImportsLeft, cssLiterals],
  });
  const code = out.outputFiles[0].text;
  const { reservedSizesCss, ...styleModules } = await import(
    `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  );
  const texts = [...Object.values(styleModules).flatMap((exports) => Object.values(exports)), reservedSizesCss()];
  const hashes = texts.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  fs.writeFileSync(path.join(widgetsDir, 'style-hashes.json'), `${JSON.stringify(hashes, null, 2)}\n`);
}
