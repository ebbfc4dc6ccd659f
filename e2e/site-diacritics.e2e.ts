/**
 * Yoruba (ẹ ọ ṣ, tone marks), Hausa (ɓ ɗ ƙ) and Igbo (ị ọ ụ ṅ) letters are drawn, not boxes, in the site's
 * font stack (site/styles/base.css): each letter, as pixels, differs from a character no font has (the
 * missing-glyph box) and from its bare base letter. Pictures go to test-results/.
 */
import { expect, test } from '@playwright/test';

const LETTERS = [
  'ẹ',
  'ọ',
  'ṣ',
  'Ẹ',
  'Ọ',
  'Ṣ',
  'à',
  'á',
  'ẹ̀',
  'ọ́',
  'ɓ',
  'ɗ',
  'ƙ',
  'Ɓ',
  'Ɗ',
  'Ƙ',
  'ị',
  'ụ',
  'ṅ',
  'Ị',
  'Ụ',
  '₦',
];
const BASE: Record<string, string> = { ɓ: 'b', ɗ: 'd', ƙ: 'k', Ɓ: 'B', Ɗ: 'D', Ƙ: 'K', '₦': 'N' };
/** Unassigned code points: every font lacks them, so they show the missing-glyph box. */
const NO_GLYPH = ['\u0378', '\u0379'];

test('given the Yoruba, Hausa and Igbo letters should draw each one in the page font, not as a box', async ({
  page,
}) => {
  await page.goto('/yo/new-year-sales');
  await page.locator('h1').screenshot({ path: 'test-results/diacritics-yo-heading.png' });
  // One cell per character, in the font the page's text uses.
  await page.evaluate(
    ({ letters, base, noGlyph }) => {
      const row = document.createElement('div');
      row.id = 'glyphs';
      row.style.cssText =
        'position:fixed;inset:0 auto auto 0;z-index:9999;background:#fff;display:flex;flex-wrap:wrap;right:0;gap:4px;padding:8px;font-size:40px;line-height:1';
      const cell = (text: string, id: string) => {
        const span = document.createElement('span');
        span.textContent = text;
        span.dataset.id = id;
        span.style.cssText = 'display:inline-block;width:48px;height:56px;text-align:center;color:#000';
        row.append(span);
      };
      letters.forEach((letter, i) => {
        cell(letter, `letter-${i}`);
        cell(base[letter] ?? letter.normalize('NFD')[0] ?? letter, `base-${i}`);
      });
      noGlyph.forEach((char, i) => {
        cell(char, `box-${i}`);
      });
      document.body.append(row);
    },
    { letters: LETTERS, base: BASE, noGlyph: NO_GLYPH },
  );
  expect(
    await page
      .locator('#glyphs span')
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily),
  ).toContain('system-ui');
  await page.locator('#glyphs').screenshot({ path: 'test-results/diacritics-row.png' });
  const shot = (id: string) => page.locator(`#glyphs [data-id="${id}"]`).screenshot();
  const boxes = await Promise.all(NO_GLYPH.map((_, i) => shot(`box-${i}`)));
  // The reference really is a box: both unassigned code points draw the same picture.
  expect(boxes[0]?.equals(boxes[1] as Buffer)).toBe(true);
  const drawnAsBox: string[] = [];
  const sameAsBase: string[] = [];
  for (const [i, letter] of LETTERS.entries()) {
    const picture = await shot(`letter-${i}`);
    if (boxes.some((box) => box.equals(picture))) drawnAsBox.push(letter);
    if (picture.equals(await shot(`base-${i}`))) sameAsBase.push(letter);
  }
  expect({ drawnAsBox, sameAsBase }).toEqual({ drawnAsBox: [], sameAsBase: [] });
});

test('given the Hausa and Igbo pages should carry their letters in the text the reader sees', async ({ page }) => {
  await page.goto('/ha/new-year-sales');
  await expect(page.locator('main')).toContainText('ƙ');
  await expect(page.locator('main')).toContainText('ɗ');
  await page.locator('h1').screenshot({ path: 'test-results/diacritics-ha-heading.png' });
  await page.goto('/ig/');
  await expect(page.locator('main')).toContainText('ụ');
  await expect(page.locator('main')).toContainText('ị');
  await page.goto('/yo/');
  await expect(page.locator('main')).toContainText('ẹ');
  await expect(page.locator('main')).toContainText('ṣ');
});
