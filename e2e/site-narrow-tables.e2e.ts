/**
 * The pages with a table fit a 320 px phone in every language (docs/site.md "Languages"): the page does not
 * scroll sideways, and no word in a shown table breaks inside (a page address may break at its slashes).
 * The partner page is a demo partner's, through a link the admin command signs.
 */
import { expect, type Page, test } from '@playwright/test';
import { localePath, PAGE_LOCALES } from '../common/locale-paths.js';
import { adminCommand } from '../testing/e2e/admin-command.js';

/** A run of letters, marks and digits: "Ìforúkọsílẹ̀", "Signups", "2026". */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The page's width over the screen's, and every word of a shown table that stands on two lines. */
async function problems(page: Page): Promise<string[]> {
  return page.evaluate((wordSource) => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const table of document.querySelectorAll('table')) {
      if (table.closest('.visually-hidden') || table.getBoundingClientRect().width === 0) continue;
      const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(new RegExp(wordSource, 'gu'))) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => box.top));
          if (lines.size > 1) found.push(`"${match[0]}" broken over ${lines.size} lines`);
        }
      }
    }
    return found;
  }, WORD.source);
}

test('given every page with a table, in every language at 320 px, should fit the screen with no word broken', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 800 });
  const link = new URL(adminCommand('partners:link', 'ada-fashion-blog'));
  const pages = [
    { name: '/widgets', path: '/widgets', search: '' },
    { name: 'partner page', path: link.pathname, search: link.search },
  ];
  const found: string[] = [];
  for (const { name, path, search } of pages) {
    for (const locale of PAGE_LOCALES) {
      const response = await page.goto(`${localePath(locale, path)}${search}`);
      expect(response?.status(), `${name} ${locale}`).toBe(200);
      await expect(page.locator('table').first()).toBeAttached();
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
      for (const problem of await problems(page)) found.push(`${name} (${locale}): ${problem}`);
    }
  }
  expect(found).toEqual([]);
});
