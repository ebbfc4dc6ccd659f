#!/usr/bin/env node
/**
 * The catalogs (docs/languages.md): `lingui extract` into locales/<lang>.po, then each PO file compiled
 * into common/locales/<lang>.ts (all messages) and widgets.<lang>.ts (those used under widgets/), and
 * the pseudo-locale (rewritten only when they change), after marking each translation draft or reviewed
 * (markReviewStatus). `npm run build` runs it; alone: `node scripts/i18n.mjs [--no-extract]`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LOCALES = ['en', 'pcm', 'ha', 'yo', 'ig'];
export const PSEUDO_LOCALE = 'pseudo';
const OUT = path.join(root, 'common/locales');

/** `lingui extract`: English comes from the code (--overwrite); messages no code uses go (--clean). */
export function extractMessages() {
  const cli = path.join(root, 'node_modules/@lingui/cli/dist/lingui.js');
  const run = spawnSync(process.execPath, [cli, 'extract', '--clean', '--overwrite', '--workers', '1'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`lingui extract failed:\n${run.stdout}\n${run.stderr}`);
}

/** A PO file as Lingui's own PO format reads it: id → { message, translation, origin, comments, flags }. */
export async function readCatalog(locale) {
  const { formatter } = await import('@lingui/format-po');
  const file = path.join(root, 'locales', `${locale}.po`);
  if (!fs.existsSync(file)) return {};
  return formatter({ lineNumbers: false }).parse(fs.readFileSync(file, 'utf8'), { locale, sourceLocale: 'en' });
}

/**
 * Review status (docs/languages.md#review): a translation is reviewed when its entry has the translator
 * comment `# reviewed <hash>`, the hash of the English it was reviewed against; every other entry is a
 * draft and carries the `#, fuzzy` flag, which PO editors show as "needs work". Our compiler ships drafts
 * as any other translation (it does not read flags). A bare `# reviewed` (a reviewer's hand) is stamped
 * with the English's hash; a stamp whose English has changed since is dropped, and the entry is a draft
 * again. Applied to every entry at each extract, so new messages start as drafts with no hand-editing.
 */
const REVIEWED = /^reviewed(?: ([0-9a-f]{8}))?$/;
export const englishHash = (text) => createHash('sha1').update(text.normalize('NFC')).digest('hex').slice(0, 8);
const englishOf = (english, id) => english[id]?.translation || english[id]?.message || '';

/** `reviewed` or `draft`, as markReviewStatus left the entry. */
export const reviewStatus = (entry) =>
  (entry?.extra?.translatorComments ?? []).some((c) => REVIEWED.test(c.trim())) &&
  !(entry.extra?.flags ?? []).includes('fuzzy')
    ? 'reviewed'
    : 'draft';

/** Marks each entry of a (non-English) catalog draft or reviewed, in place; true when it changed one. */
export function markReviewStatus(catalog, english, { reviewed = new Set() } = {}) {
  let changed = false;
  for (const [id, entry] of Object.entries(catalog)) {
    if (entry.obsolete || !(id in english)) continue;
    const hash = englishHash(englishOf(english, id));
    const comments = entry.extra?.translatorComments ?? [];
    const flags = entry.extra?.flags ?? [];
    const stamp = comments.map((c) => c.trim().match(REVIEWED)).find(Boolean);
    const isReviewed =
      Boolean(entry.translation) && (reviewed.has(id) || (stamp !== undefined && (!stamp[1] || stamp[1] === hash)));
    const nextComments = [
      ...comments.filter((c) => !REVIEWED.test(c.trim())),
      ...(isReviewed ? [`reviewed ${hash}`] : []),
    ];
    const nextFlags = isReviewed
      ? flags.filter((f) => f !== 'fuzzy')
      : flags.includes('fuzzy')
        ? flags
        : [...flags, 'fuzzy'];
    if (nextComments.join('\n') !== comments.join('\n') || nextFlags.join() !== flags.join()) {
      entry.extra = { ...entry.extra, translatorComments: nextComments, flags: nextFlags };
      changed = true;
    }
  }
  return changed;
}

/** Writes a catalog back to locales/<lang>.po as Lingui's extract writes it (its header kept). */
export async function writeCatalog(locale, catalog) {
  const { formatter } = await import('@lingui/format-po');
  const file = path.join(root, 'locales', `${locale}.po`);
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  const text = formatter({ lineNumbers: false }).serialize(catalog, { locale, sourceLocale: 'en', existing });
  return writeIfChanged(file, text);
}

/** markReviewStatus on every language's PO file; returns the languages whose file it rewrote. */
export async function markCatalogs() {
  const english = await readCatalog('en');
  const changed = [];
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    const catalog = await readCatalog(locale);
    if (markReviewStatus(catalog, english) && (await writeCatalog(locale, catalog))) changed.push(`${locale}.po`);
  }
  return changed;
}

/**
 * The source files in the widgets' bundles (widgets/all.ts and what it imports, common/ included): a
 * message declared in one of them goes into the widgets' catalogs.
 */
async function widgetSources() {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [path.join(root, 'widgets/all.ts')],
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
    absWorkingDir: root,
  });
  return new Set(Object.keys(out.metafile.inputs).map((file) => path.relative(root, path.resolve(root, file))));
}

/**
 * The pseudo-locale's text: letters accented and the text lengthened by 40% (at least two characters),
 * placeholders and plural syntax untouched, so layouts meet longer words than any language has.
 */
const ACCENTED = { a: 'à', e: 'é', i: 'ï', o: 'ö', u: 'ü', A: 'Å', E: 'É', I: 'Ï', O: 'Ö', U: 'Ü', n: 'ñ', c: 'ç' };
export function pseudoText(text) {
  if (!text.trim()) return text;
  const accented = text.replace(/[aeiouAEIOUnc]/g, (letter) => ACCENTED[letter]);
  const extra = Math.max(2, Math.ceil(text.length * 0.4));
  const padding = ' ~'.repeat(Math.ceil(extra / 2)).slice(0, extra);
  return `${accented}${padding}`;
}
function pseudoCompiled(message) {
  if (typeof message === 'string') return message === '#' ? message : pseudoText(message);
  return message.map((token) => {
    if (typeof token === 'string') return token === '#' ? token : pseudoText(token);
    const [name, kind, branches] = token;
    if (!branches) return token;
    const mapped = {};
    for (const [key, value] of Object.entries(branches)) {
      if (value !== undefined) mapped[key] = typeof value === 'number' ? value : pseudoCompiled(value);
    }
    return [name, kind, mapped];
  });
}

function writeIfChanged(file, text) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return false;
  fs.writeFileSync(file, text);
  return true;
}

/** A module biome leaves as it is: the catalog as one JSON string (parsed faster than an object literal). */
function moduleText(source, messages) {
  const literal = `'${JSON.stringify(messages).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const declaration = `export const messages: Catalog = JSON.parse(${literal});`;
  return [
    `// Compiled by scripts/i18n.mjs from ${source}: edit that file (or the code's English), not this one.`,
    "import type { Catalog } from '../i18n.js';",
    '',
    declaration.length <= 120 ? declaration : `export const messages: Catalog = JSON.parse(\n  ${literal},\n);`,
    '',
  ].join('\n');
}

/** A compiled message that is one piece of text, as that text (a few bytes less per message). */
const simplest = (message) =>
  Array.isArray(message) && message.length === 1 && typeof message[0] === 'string' ? message[0] : message;

/**
 * The widgets' catalogs are keyed by short keys, not ids: each message's place (base 36) among the
 * widgets' ids, sorted. The build gives each descriptor its key and its English (scripts/lingui-macro.mjs),
 * so a chunk carries `{ id: "3f", m: "Start Selling" }` rather than the id and a catalog of English.
 */
export const widgetKeys = (ids) => Object.fromEntries([...ids].sort().map((id, i) => [id, i.toString(36)]));

/** For the widgets' build: id → { key, m } (the English compiled) for every message the widgets use. */
export async function widgetMessages() {
  const { compileMessage } = await import('@lingui/message-utils/compileMessage');
  const english = await readCatalog('en');
  const inWidgets = await widgetSources();
  const ids = Object.keys(english).filter((id) => (english[id].origin ?? []).some(([file]) => inWidgets.has(file)));
  const keys = widgetKeys(ids);
  return Object.fromEntries(
    ids.map((id) => [
      id,
      { key: keys[id], m: simplest(compileMessage(english[id].translation || english[id].message || id)) },
    ]),
  );
}

/** Compiles every PO file into common/locales/; returns the files it changed. */
export async function compileCatalogs() {
  const { compileMessage } = await import('@lingui/message-utils/compileMessage');
  fs.mkdirSync(OUT, { recursive: true });
  const english = await readCatalog('en');
  const ids = Object.keys(english).sort();
  const inWidgets = await widgetSources();
  const usedByWidgets = (entry) => (entry?.origin ?? []).some(([file]) => inWidgets.has(file));
  const changed = [];
  const compile = (id, text) => {
    try {
      return compileMessage(text);
    } catch (error) {
      throw new Error(`message ${id}: ${text}\n${error.message}`);
    }
  };
  const keys = widgetKeys(ids.filter((id) => usedByWidgets(english[id])));
  const write = (locale, source, all) => {
    // Lingui's runtime wants arrays (a string reads as not compiled); the widgets' reader takes either.
    const widgets = Object.fromEntries(
      Object.entries(all).flatMap(([id, m]) => (id in keys ? [[keys[id], simplest(m)]] : [])),
    );
    if (writeIfChanged(path.join(OUT, `${locale}.ts`), moduleText(source, all))) changed.push(`${locale}.ts`);
    if (writeIfChanged(path.join(OUT, `widgets.${locale}.ts`), moduleText(source, widgets)))
      changed.push(`widgets.${locale}.ts`);
  };
  const englishCompiled = {};
  for (const id of ids) englishCompiled[id] = compile(id, english[id].translation || english[id].message || id);
  for (const locale of LOCALES) {
    const catalog = locale === 'en' ? english : await readCatalog(locale);
    const compiled = {};
    // A message not yet translated falls back to English (the completeness test names it).
    for (const id of ids)
      compiled[id] = catalog[id]?.translation ? compile(id, catalog[id].translation) : englishCompiled[id];
    write(locale, `locales/${locale}.po`, compiled);
  }
  const pseudo = Object.fromEntries(ids.map((id) => [id, pseudoCompiled(englishCompiled[id])]));
  write(PSEUDO_LOCALE, 'locales/en.po (lengthened by 40%)', pseudo);
  return changed;
}

/**
 * esbuild plugin for the classic (IIFE) script, which cannot hold every language: its
 * widgets/shared/catalog-loaders.ts imports the ES chunks of the languages by URL from its own.
 * `built`: source path → chunk path, from the ES build (scripts/build.mjs).
 */
export const catalogsByUrl = (built) => ({
  name: 'catalogs-by-url',
  setup(build) {
    build.onResolve({ filter: /catalog-loaders\.js$/ }, () => ({ path: 'catalog-loaders', namespace: 'catalogs' }));
    build.onLoad({ filter: /.*/, namespace: 'catalogs' }, () => {
      const chunks = [...built].filter(([source]) => /widgets\.[\w-]+\.ts$/.test(source));
      const lines = chunks.map(([source, chunk]) => {
        const locale = path.basename(source).replace(/^widgets\.|\.ts$/g, '');
        return `  ${JSON.stringify(locale)}: () => import(new URL(${JSON.stringify(chunk)}, base).href),`;
      });
      // This module is evaluated on a widget's first language, after the script has run: the script's
      // URL is the one api.ts read while it ran (every widget imports api.ts).
      const base = "import { scriptUrl } from './api.js';\nconst base = scriptUrl || document.baseURI;";
      return {
        contents: `${base}\nexport const loaders = {\n${lines.join('\n')}\n};`,
        loader: 'js',
        resolveDir: path.resolve('widgets/shared'),
      };
    });
  },
});

export async function updateCatalogs({ extract = true } = {}) {
  if (extract) extractMessages();
  return [...(await markCatalogs()), ...(await compileCatalogs())];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const changed = await updateCatalogs({ extract: !process.argv.includes('--no-extract') });
  console.log(changed.length ? `[i18n] updated: ${changed.join(', ')}` : '[i18n] catalogs up to date');
}
