/** The review kit's way back (scripts/i18n-review.mjs): a returned CSV or edited PO merged into a catalog. */
import fs from 'node:fs';
import { englishHash, markReviewStatus } from './i18n.mjs';

/** Reads a returned CSV: id → { correction, reviewed, english }. */
export async function readReturnedCsv(file) {
  const { parse } = await import('csv-parse/sync');
  const records = parse(fs.readFileSync(file, 'utf8'), { columns: true, bom: true, skip_empty_lines: true });
  return new Map(
    records.map((r) => [
      r.id,
      {
        correction: (r.correction ?? '').trim(),
        reviewed: /^(yes|y|x|1|true)$/i.test((r.reviewed ?? '').trim()),
        english: r.english,
      },
    ]),
  );
}

/** Reads an edited PO file: id → { correction, reviewed } (reviewed: its `fuzzy` flag taken off, or `# reviewed`). */
export async function readReturnedPo(file, locale) {
  const { formatter } = await import('@lingui/format-po');
  const catalog = formatter({ lineNumbers: false }).parse(fs.readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: 'en',
  });
  return new Map(
    Object.entries(catalog).map(([id, entry]) => [
      id,
      {
        correction: entry.translation ?? '',
        reviewed:
          !(entry.extra?.flags ?? []).includes('fuzzy') ||
          (entry.extra?.translatorComments ?? []).some((c) => /^reviewed\b/.test(c.trim())),
      },
    ]),
  );
}

/**
 * Merges returned lines into a catalog, in place: a correction replaces the translation, and a line marked
 * reviewed is reviewed, unless its English (a CSV's) is no longer the current English: then the correction
 * is taken but the message stays a draft. Returns what it did.
 */
export function mergeReturned(catalog, english, returned) {
  const reviewed = new Set();
  const report = { corrected: 0, reviewed: 0, stale: [], unknown: [] };
  for (const [id, line] of returned) {
    const entry = catalog[id];
    if (!entry || !(id in english)) {
      report.unknown.push(id);
      continue;
    }
    const current = english[id].translation || english[id].message || '';
    if (line.correction && line.correction.normalize('NFC') !== entry.translation) {
      entry.translation = line.correction.normalize('NFC');
      report.corrected += 1;
      // A reviewed translation changed without the reviewer's yes is a draft again.
      if (!line.reviewed && entry.extra?.translatorComments)
        entry.extra.translatorComments = entry.extra.translatorComments.filter((c) => !/^reviewed\b/.test(c.trim()));
    }
    if (!line.reviewed) continue;
    if (line.english !== undefined && englishHash(line.english) !== englishHash(current)) report.stale.push(id);
    else reviewed.add(id);
  }
  // Lines not approved this time keep what they had; approved ones are stamped with the English's hash.
  markReviewStatus(catalog, english, { reviewed });
  report.reviewed = reviewed.size;
  return report;
}
