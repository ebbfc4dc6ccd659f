/**
 * The catalogs (locales/*.po, docs/languages.md): every language has every message English has,
 * translated; a translation may equal the English only when its translator says so with a
 * `# same as English` comment (a brand name, a number). Each entry is marked draft or reviewed
 * (docs/languages.md#review). The compiled files are those of the PO files.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileCatalogs, markReviewStatus, readCatalog } from '../scripts/i18n.mjs';
import { LOCALES, SOURCE_LOCALE } from './i18n.js';

const SAME_AS_ENGLISH = /^same as English\b/i;

describe('catalogs', async () => {
  const english = await readCatalog(SOURCE_LOCALE);

  it('has English for every message the code declares', () => {
    const empty = Object.entries(english).filter(([, entry]) => !(entry.translation || entry.message));
    expect(empty.map(([id]) => id)).toEqual([]);
  });

  for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
    it(`${locale}: every English message is translated, or marked "same as English"`, async () => {
      const catalog = await readCatalog(locale);
      const missing = Object.keys(english).filter((id) => !catalog[id]?.translation);
      const untranslated = Object.keys(english).filter((id) => {
        const entry = catalog[id];
        if (!entry?.translation) return false;
        const marked = (entry.extra?.translatorComments ?? []).some((c: string) => SAME_AS_ENGLISH.test(c.trim()));
        return entry.translation === (english[id]?.translation || english[id]?.message) && !marked;
      });
      expect({ missing, untranslated }).toEqual({ missing: [], untranslated: [] });
    });
  }

  it('marks every translation draft (`#, fuzzy`) or reviewed against its current English', async () => {
    const unmarked: string[] = [];
    for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
      const catalog = await readCatalog(locale);
      if (markReviewStatus(catalog, english)) unmarked.push(locale);
    }
    expect(unmarked, 'run `node scripts/i18n.mjs`').toEqual([]);
  });

  it('common/locales/ is compiled from the PO files as they are', async () => {
    const before = new Map(
      fs.readdirSync('common/locales').map((file) => [file, fs.readFileSync(`common/locales/${file}`, 'utf8')]),
    );
    const changed = await compileCatalogs();
    // Put back what it rewrote, so the test leaves the tree as it found it.
    for (const file of changed) fs.writeFileSync(`common/locales/${file}`, before.get(file) ?? '');
    expect(changed, 'run `node scripts/i18n.mjs`').toEqual([]);
  });
});
