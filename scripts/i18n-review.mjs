#!/usr/bin/env node
/**
 * The review kit for a native speaker (docs/languages.md#review): `npm run i18n:review -- LANG` writes
 * dist/i18n-review/LANG.html and LANG.csv (crops from the built site; `--no-crops` skips them);
 * `npm run i18n:review -- LANG --merge FILE` merges a returned CSV or edited PO into locales/LANG.po.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LOCALES, readCatalog, writeCatalog } from './i18n.mjs';
import { takeCrops } from './i18n-review-crops.mjs';
import { mergeReturned, readReturnedCsv, readReturnedPo } from './i18n-review-merge.mjs';
import { reviewRows } from './i18n-review-rows.mjs';
import { reviewCsv, reviewHtml } from './i18n-review-sheets.mjs';

export { mergeReturned, readReturnedCsv, readReturnedPo } from './i18n-review-merge.mjs';
export { glossaryFor, readGlossary, reviewRows, whereUsed } from './i18n-review-rows.mjs';
export { CSV_COLUMNS, reviewCsv, reviewHtml } from './i18n-review-sheets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'dist/i18n-review');

async function main(args) {
  const locale = args.find((arg) => !arg.startsWith('--'));
  if (!locale || locale === 'en' || !LOCALES.includes(locale))
    throw new Error(
      `usage: npm run i18n:review -- <${LOCALES.filter((l) => l !== 'en').join('|')}> [--no-crops | --merge FILE]`,
    );
  const mergeAt = args.indexOf('--merge');
  if (mergeAt >= 0) {
    const file = args[mergeAt + 1];
    if (!file || !fs.existsSync(file)) throw new Error(`--merge needs a returned .csv or .po file: ${file ?? ''}`);
    const returned = file.endsWith('.po') ? await readReturnedPo(file, locale) : await readReturnedCsv(file);
    const english = await readCatalog('en');
    const catalog = await readCatalog(locale);
    const report = mergeReturned(catalog, english, returned);
    await writeCatalog(locale, catalog);
    console.log(
      `[i18n:review] locales/${locale}.po: ${report.corrected} corrected, ${report.reviewed} marked reviewed` +
        (report.stale.length ? `; left draft, English changed since: ${report.stale.join(', ')}` : '') +
        (report.unknown.length ? `; no such message: ${report.unknown.join(', ')}` : ''),
    );
    console.log('[i18n:review] next: node scripts/i18n.mjs && npx vitest run common/catalogs.test.ts');
    return;
  }
  const rows = await reviewRows(locale);
  const crops = args.includes('--no-crops') ? new Map() : await takeCrops(locale, rows);
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, `${locale}.html`), reviewHtml(locale, rows, crops));
  fs.writeFileSync(path.join(OUT, `${locale}.csv`), reviewCsv(rows));
  const drafts = rows.filter((row) => row.status === 'draft').length;
  const cropped = rows.filter((row) => crops.get(row.id)?.crop).length;
  const hidden = rows.filter((row) => crops.get(row.id)?.hidden).length;
  console.log(
    `[i18n:review] ${locale}: ${rows.length} messages, ${drafts} drafts, ${rows.length - drafts} reviewed; ` +
      `${cropped} cropped, ${hidden} in a page but not shown without an action, ${rows.length - cropped - hidden} not on a page`,
  );
  console.log(`[i18n:review] wrote ${path.relative(root, path.join(OUT, `${locale}.html`))} and ${locale}.csv`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
