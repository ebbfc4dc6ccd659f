/** The review kit's rows (scripts/i18n-review.mjs): each message of a language with where it is used and its glossary terms. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCatalog, reviewStatus } from './i18n.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The glossary table of docs/languages.md: [{ english: ['store'], pcm: 'store', ha: 'shago', … }]. */
export function readGlossary(markdown = fs.readFileSync(path.join(root, 'docs/languages.md'), 'utf8')) {
  const section = markdown.split(/^## Glossary$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = section.split('\n').filter((line) => /^\|/.test(line) && !/^\|\s*-/.test(line));
  const [header, ...body] = rows.map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim()),
  );
  const codes = header.map((cell) => cell.match(/\((\w+)\)/)?.[1] ?? 'en');
  return body.map((cells) => {
    const row = Object.fromEntries(cells.map((cell, i) => [codes[i], cell]));
    // "sale, sell", "per month / per year", "Basic (the campaign's free plan)": each word group a term.
    const english = row.en
      .replace(/\(.*?\)/g, '')
      .split(/[,/]/)
      .map((term) => term.trim())
      .filter((term) => term.length > 1 && !/amount/.test(term));
    return { ...row, english };
  });
}

/** The glossary rows whose English term the message's English uses ("stores", "selling" count). */
export function glossaryFor(english, glossary) {
  return glossary.filter((row) =>
    row.english.some((term) => {
      const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/-/g, '[- ]?');
      return new RegExp(`\\b${escaped}(s|es|ing|ers?)?\\b`, 'i').test(english);
    }),
  );
}

/** Where a message is used, from the files that declare it. */
export function whereUsed(origins) {
  const places = origins.map(([file]) => {
    const widget = file.match(/^widgets\/([\w-]+)\//)?.[1];
    if (widget) return widget === 'shared' ? 'every widget' : `widget <${widget}>`;
    const page = file.match(/^site\/pages\/([\w-]+)\.ts$/)?.[1];
    if (page) return `page /${page === 'home' ? '' : page}`;
    if (file.startsWith('site/')) return `site (${path.basename(file, '.ts')})`;
    if (file.endsWith('/welcome-messages.ts')) return 'welcome e-mail';
    if (file.startsWith('integrations/wordpress/')) return 'WordPress plugin';
    if (file.startsWith('server/')) return `server answer (${path.basename(file, '.ts')})`;
    return `shared (${path.basename(file, '.ts')})`;
  });
  return [...new Set(places)].join('; ');
}

/** Every message of one language, in id order, with what a reviewer needs. */
export async function reviewRows(locale, glossary = readGlossary()) {
  const english = await readCatalog('en');
  const catalog = await readCatalog(locale);
  return Object.keys(english)
    .sort()
    .map((id) => {
      const source = english[id].translation || english[id].message || '';
      return {
        id,
        status: reviewStatus(catalog[id]),
        english: source,
        translation: catalog[id]?.translation ?? '',
        where: whereUsed(english[id].origin ?? []),
        glossary: glossaryFor(source, glossary)
          .map((row) => `${row.en} → ${row[locale] ?? ''}`)
          .join('; '),
      };
    });
}
