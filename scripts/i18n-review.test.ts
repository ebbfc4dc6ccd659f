/**
 * Review status and the review kit (docs/languages.md#review): drafts carry `#, fuzzy`, reviewed entries a
 * `# reviewed <hash>` of their English; a reviewer's CSV merges back; a reviewed message whose English
 * changes is a draft again; drafts still ship.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '../common/lingui.js';
import { markReviewStatus, type PoEntry, readCatalog, reviewStatus } from './i18n.mjs';
import {
  glossaryFor,
  mergeReturned,
  readGlossary,
  readReturnedCsv,
  reviewCsv,
  reviewHtml,
  reviewRows,
  whereUsed,
} from './i18n-review.mjs';

type Two = Record<'form.submit' | 'form.email', PoEntry>;
const english = (): Two => ({
  'form.submit': { message: 'Start selling', translation: 'Start selling' },
  'form.email': { message: 'Email address', translation: 'Email address' },
});
const drafts = (): Two => ({
  'form.submit': { translation: 'Bẹ̀rẹ̀ sí ta ọjà' },
  'form.email': { translation: 'Àdírẹ́sì ímeèlì' },
});

describe('review status', () => {
  it('marks a new translation a draft (fuzzy), with no hand-editing', () => {
    const catalog = drafts();
    expect(markReviewStatus(catalog, english())).toBe(true);
    expect(catalog['form.submit'].extra?.flags).toEqual(['fuzzy']);
    expect(reviewStatus(catalog['form.submit'])).toBe('draft');
    expect(markReviewStatus(catalog, english())).toBe(false);
  });

  it("stamps a reviewer's `# reviewed` with the English it was reviewed against, and it is no longer a draft", () => {
    const catalog = drafts();
    markReviewStatus(catalog, english());
    catalog['form.email'].extra = { ...catalog['form.email'].extra, translatorComments: ['reviewed'] };
    markReviewStatus(catalog, english());
    expect(reviewStatus(catalog['form.email'])).toBe('reviewed');
    expect(catalog['form.email'].extra?.flags).toEqual([]);
    expect(catalog['form.email'].extra?.translatorComments).toEqual([expect.stringMatching(/^reviewed [0-9a-f]{8}$/)]);
  });

  it('makes a reviewed message a draft again when its English changes', () => {
    const catalog = drafts();
    catalog['form.email'].extra = { translatorComments: ['same as nothing', 'reviewed'] };
    markReviewStatus(catalog, english());
    expect(reviewStatus(catalog['form.email'])).toBe('reviewed');
    const changed = english();
    changed['form.email'] = { message: 'Your e-mail address', translation: 'Your e-mail address' };
    expect(markReviewStatus(catalog, changed)).toBe(true);
    expect(reviewStatus(catalog['form.email'])).toBe('draft');
    expect(catalog['form.email'].extra).toEqual({ translatorComments: ['same as nothing'], flags: ['fuzzy'] });
    // The other message's English did not change: it stays as it was.
    expect(reviewStatus(catalog['form.submit'])).toBe('draft');
  });

  it('ships drafts: a fuzzy Yoruba translation is what the site shows', async () => {
    const yo = await readCatalog('yo');
    expect(yo['form.email']?.extra?.flags).toContain('fuzzy');
    expect(i18nFor('yo')._({ id: 'form.email' })).toBe(yo['form.email']?.translation);
  });
});

describe('review kit', () => {
  it('lists every message once with its status, and counts drafts and reviewed', async () => {
    const rows = await reviewRows('yo');
    expect(rows.length).toBe(Object.keys(await readCatalog('en')).length);
    const html = reviewHtml('yo', rows);
    const draftCount = rows.filter((row) => row.status === 'draft').length;
    expect(html).toContain(
      `${rows.length} messages: <strong>${draftCount} drafts</strong>, ${rows.length - draftCount} reviewed`,
    );
    const submit = rows.find((row) => row.id === 'rank.check');
    expect(submit?.where).toMatch(/widget <store-rank-checker>/);
  });

  it('names where a message is used from the files that declare it', () => {
    expect(
      whereUsed([
        ['widgets/start-selling-form/start-selling-form.component.tsx'],
        ['site/pages/home.ts'],
        ['server/signups/welcome-messages.ts'],
        ['integrations/wordpress/messages.ts'],
      ]),
    ).toBe('widget <start-selling-form>; page /; welcome e-mail; WordPress plugin');
  });

  it('names the glossary terms a message should use, from docs/languages.md', () => {
    const glossary = readGlossary();
    const terms = glossaryFor("Check your store's rank on the leaderboard", glossary).map((row) => row.yo);
    expect(terms).toEqual(['ṣọ́ọ̀bù', 'ipò', 'àtẹ àwọn aṣáájú']);
  });

  it('merges a returned CSV: corrections are taken, approved lines become reviewed, an approval of older English does not', async () => {
    const rows = [
      {
        id: 'form.submit',
        status: 'draft' as const,
        english: 'Start selling',
        translation: 'Bẹ̀rẹ̀ sí ta ọjà',
        where: '',
        glossary: '',
      },
      {
        id: 'form.email',
        status: 'draft' as const,
        english: 'E-mail',
        translation: 'Àdírẹ́sì ímeèlì',
        where: '',
        glossary: '',
      },
    ];
    // The reviewer corrects the first line and approves both; the second was made from older English.
    const returned = reviewCsv(rows)
      .replace('Bẹ̀rẹ̀ sí ta ọjà,,,', 'Bẹ̀rẹ̀ sí ta ọjà,Bẹ̀rẹ̀ títà,yes,')
      .replace('Àdírẹ́sì ímeèlì,,,', 'Àdírẹ́sì ímeèlì,,yes,');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'review-')), 'yo.csv');
    fs.writeFileSync(file, returned);
    const catalog = drafts();
    markReviewStatus(catalog, english());
    const report = mergeReturned(catalog, english(), await readReturnedCsv(file));
    expect(report).toMatchObject({ corrected: 1, reviewed: 1, stale: ['form.email'] });
    expect(catalog['form.submit'].translation).toBe('Bẹ̀rẹ̀ títà');
    expect(reviewStatus(catalog['form.submit'])).toBe('reviewed');
    expect(reviewStatus(catalog['form.email'])).toBe('draft');
  });
});
