/**
 * The WordPress plugin's translations from locales/*.po (docs/embed-cms.md#languages): each string it
 * shows takes the translation of the catalog message with the same English, the widgets' first. Makes
 * languages/kasuwa.pot, kasuwa-<wp locale>.po, .mo and -kasuwa-editor.json for the zip. PO flags
 * (`#, fuzzy`) and comments are read past: a draft translation ships.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCatalog } from './i18n.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLUGIN = path.join(root, 'integrations/wordpress');

/**
 * Our languages by WordPress's locale names (translate.wordpress.org's, ISO 639-3 where WordPress has
 * no two-letter locale): the PHP side (includes/i18n.php) maps any of a language's names back.
 */
export const WORDPRESS_LOCALES = { pcm: 'pcm', ha: 'hau', yo: 'yor', ig: 'ibo' };
const BRAND = new Set(['Kasuwa', 'kasuwa']);
/** block.json's translatable fields and the gettext context WordPress translates them with. */
const BLOCK_FIELDS = { title: 'block title', description: 'block description', keywords: 'block keyword' };

const unescapePhp = (s) => s.replace(/\\(['\\])/g, '$1');
const unescapeJs = (s) => s.replace(/\\(['"\\])/g, '$1');
const gettextCalls =
  /\b(?:__|esc_html__|esc_attr__|_e|esc_html_e|esc_attr_e)\(\s*'((?:[^'\\]|\\.)*)'\s*,\s*'kasuwa'\s*\)/g;

/** Every string the plugin shows: { context, msgid, references, script }. `script`: the editor's. */
export function pluginStrings() {
  const strings = new Map();
  const add = (msgid, reference, { context = '', script = false } = {}) => {
    const key = `${context}\u0004${msgid}`;
    const entry = strings.get(key) ?? { context, msgid, references: new Set(), script: false };
    entry.references.add(reference);
    entry.script ||= script;
    strings.set(key, entry);
  };
  const files = fs.readdirSync(PLUGIN, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files.filter((f) => f.endsWith('.php'))) {
    const text = fs.readFileSync(path.join(PLUGIN, file), 'utf8');
    for (const [, s] of text.matchAll(gettextCalls)) add(unescapePhp(s), file);
  }
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(PLUGIN, file), 'utf8');
    for (const [, s] of text.matchAll(/\b__\(\s*'((?:[^'\\]|\\.)*)'\s*,\s*'kasuwa'\s*\)/g))
      add(unescapeJs(s), file, { script: true });
  }
  for (const file of files.filter((f) => f.endsWith('block.json'))) {
    const block = JSON.parse(fs.readFileSync(path.join(PLUGIN, file), 'utf8'));
    for (const [field, context] of Object.entries(BLOCK_FIELDS))
      for (const s of [block[field] ?? []].flat()) add(s, file, { context });
  }
  // The plans' words, rendered by includes/markup.php through Kasuwa_I18n::text() from widget-data.json.
  const { plans } = JSON.parse(fs.readFileSync(path.join(PLUGIN, 'widget-data.json'), 'utf8'));
  for (const s of [
    plans.savingLabel,
    ...Object.values(plans.periodLabel),
    ...plans.list.flatMap((plan) => [plan.title, plan.description, ...plan.benefits]),
  ])
    add(s, 'widget-data.json');
  return [...strings.values()];
}

/** `{name}` placeholders as PHP's: `%s` for one, `%1$s`, `%2$s`… in the English's order for several. */
function phpFormat(text, names) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    const i = names.indexOf(name);
    if (i < 0) return whole;
    return names.length === 1 ? '%s' : `%${i + 1}$s`;
  });
}
const placeholderNames = (text) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name))];

/** Catalog messages by their English in PHP's form, best first: the plugin's own, the widgets', common's, the rest. */
async function messagesByEnglish() {
  const english = await readCatalog('en');
  const rank = (id, entry) => {
    const files = (entry.origin ?? []).map(([file]) => file);
    if (id.startsWith('wordpress.')) return 0;
    if (files.some((f) => f.startsWith('widgets/'))) return 1;
    if (files.some((f) => f.startsWith('common/'))) return 2;
    return 3;
  };
  const byEnglish = new Map();
  for (const id of Object.keys(english).sort()) {
    const text = english[id].translation || english[id].message || '';
    const names = placeholderNames(text);
    const key = phpFormat(text, names);
    const candidate = { id, names, rank: rank(id, english[id]) };
    const best = byEnglish.get(key);
    if (!best || candidate.rank < best.rank) byEnglish.set(key, candidate);
  }
  return byEnglish;
}

/** For each of our languages: msgid (with context) → translation; and the strings no message has. */
export async function pluginTranslations() {
  const strings = pluginStrings();
  const byEnglish = await messagesByEnglish();
  const missing = strings.filter((s) => !BRAND.has(s.msgid) && !byEnglish.has(s.msgid)).map((s) => s.msgid);
  const languages = {};
  for (const locale of Object.keys(WORDPRESS_LOCALES)) {
    const catalog = await readCatalog(locale);
    languages[locale] = strings.map((s) => {
      const message = byEnglish.get(s.msgid);
      const translation = message ? catalog[message.id]?.translation : undefined;
      return { ...s, id: message?.id, msgstr: translation ? phpFormat(translation, message.names) : '' };
    });
  }
  return { strings, languages, missing };
}

const poString = (s) =>
  `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;
const PLURAL_FORMS = 'nplurals=2; plural=(n != 1);';
const header = (language) =>
  [
    'Project-Id-Version: Kasuwa widgets',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    `Plural-Forms: ${PLURAL_FORMS}`,
    ...(language ? [`Language: ${language}`] : []),
    'X-Generator: scripts/wordpress-i18n.mjs (from locales/*.po)',
    'X-Domain: kasuwa',
    '',
  ].join('\n');

function poText(entries, language) {
  const blocks = [`msgid ""\nmsgstr ${poString(header(language))}\n`];
  for (const e of entries) {
    const lines = [];
    if (e.id) lines.push(`#. ${e.id}`);
    lines.push(`#: ${[...e.references].join(' ')}`);
    if (/%(\d\$)?s/.test(e.msgid)) lines.push('#, php-format');
    if (e.context) lines.push(`msgctxt ${poString(e.context)}`);
    lines.push(`msgid ${poString(e.msgid)}`, `msgstr ${poString(e.msgstr ?? '')}`);
    blocks.push(`${lines.join('\n')}\n`);
  }
  return blocks.join('\n');
}

/**
 * A GNU .mo file (little-endian, no hash table): the header, then originals and translations sorted by
 * original; an original with a context is `context\x04msgid`. Untranslated strings are left out.
 */
export function moFile(pairs) {
  const sorted = pairs
    .map(([key, value]) => [Buffer.from(key, 'utf8'), Buffer.from(value, 'utf8')])
    .sort(([a], [b]) => Buffer.compare(a, b));
  const count = sorted.length;
  const tables = 28 + count * 16;
  const head = Buffer.alloc(tables);
  head.writeUInt32LE(0x950412de, 0);
  head.writeUInt32LE(0, 4);
  head.writeUInt32LE(count, 8);
  head.writeUInt32LE(28, 12);
  head.writeUInt32LE(28 + count * 8, 16);
  head.writeUInt32LE(0, 20);
  head.writeUInt32LE(tables, 24);
  const data = [];
  let offset = tables;
  const place = (buffer, table, i) => {
    head.writeUInt32LE(buffer.length, table + i * 8);
    head.writeUInt32LE(offset, table + i * 8 + 4);
    data.push(buffer, Buffer.alloc(1));
    offset += buffer.length + 1;
  };
  for (const [i, [key]] of sorted.entries()) place(key, 28, i);
  for (const [i, [, value]] of sorted.entries()) place(value, 28 + count * 8, i);
  return Buffer.concat([head, ...data]);
}

/** The editor script's translations as WordPress's script loader reads them (Jed 1.x locale data). */
function editorJson(entries, language) {
  const messages = { '': { domain: 'messages', lang: language, 'plural-forms': PLURAL_FORMS } };
  for (const e of entries) if (e.script && e.msgstr) messages[e.msgid] = [e.msgstr];
  return `${JSON.stringify({ domain: 'messages', locale_data: { messages } })}\n`;
}

/** The files for the plugin's languages/ folder: name → contents. */
export async function wordpressLanguageFiles() {
  const { strings, languages, missing } = await pluginTranslations();
  const files = { 'languages/kasuwa.pot': poText(strings, '') };
  for (const [locale, entries] of Object.entries(languages)) {
    const wpLocale = WORDPRESS_LOCALES[locale];
    files[`languages/kasuwa-${wpLocale}.po`] = poText(entries, wpLocale);
    files[`languages/kasuwa-${wpLocale}.mo`] = moFile([
      ['', header(wpLocale)],
      ...entries.filter((e) => e.msgstr).map((e) => [e.context ? `${e.context}\u0004${e.msgid}` : e.msgid, e.msgstr]),
    ]);
    files[`languages/kasuwa-${wpLocale}-kasuwa-editor.json`] = editorJson(entries, wpLocale);
  }
  return { files, missing };
}
