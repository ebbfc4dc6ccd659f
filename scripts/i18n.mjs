#!/usr/bin/env node
/**
 * The catalogs (docs/languages.md): `lingui extract` into locales/<lang>.po, then each PO file compiled
 * into common/locales/<lang>.ts (all messages) and widgets.<lang>.ts (those used under widgets/), and
 * the pseudo-locale. `npm run build` runs it; alone: `node scripts/i18n.mjs [--no-extract]`.
 * Compiled files are rewritten only when they change.
 */
import { spawnSync } from 'node:child_process';
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

/** A message the widgets use: one of its places is under widgets/. */
const usedByWidgets = (entry) => (entry.origin ?? []).some(([file]) => /^widgets\//.test(file));

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

/** Compiles every PO file into common/locales/; returns the files it changed. */
export async function compileCatalogs() {
  const { compileMessage } = await import('@lingui/message-utils/compileMessage');
  fs.mkdirSync(OUT, { recursive: true });
  const english = await readCatalog('en');
  const ids = Object.keys(english).sort();
  const changed = [];
  const compile = (id, text) => {
    try {
      return compileMessage(text);
    } catch (error) {
      throw new Error(`message ${id}: ${text}\n${error.message}`);
    }
  };
  const write = (locale, source, all) => {
    const widgets = Object.fromEntries(Object.entries(all).filter(([id]) => usedByWidgets(english[id])));
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

export async function updateCatalogs({ extract = true } = {}) {
  if (extract) extractMessages();
  return compileCatalogs();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const changed = await updateCatalogs({ extract: !process.argv.includes('--no-extract') });
  console.log(changed.length ? `[i18n] updated common/locales/: ${changed.join(', ')}` : '[i18n] catalogs up to date');
}
