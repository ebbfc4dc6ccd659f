/**
 * The builder's pinned snippet (docs/embedding.md#versions): copied from /widgets onto another origin, it
 * renders the widget from its one file, checked against its integrity, and loads no other widget code
 * in English; the same snippet with another hash is refused by Chromium, and no tag is defined.
 */
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { partnerOrigin } from '../testing/e2e/partner-origin.js';

// The partner's pages, filled with the builder's snippet during the tests.
const served: Record<string, string> = {};
const partner = partnerOrigin(() => served);
const pageWith = (snippet: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>A blog</title></head>\n<body><h1>My blog</h1>\n${snippet}\n</body></html>`;

/** The pinned snippet as /widgets shows it (a reader copies this text). */
async function pinnedSnippet(page: Page): Promise<string> {
  await page.goto('/widgets');
  const snippet = (await page.locator('[data-snippet="pinned"]').textContent()) ?? '';
  expect(snippet).toMatch(
    /<script src="[^"]+\/widgets\/\d+\.\d+\.\d+\/kasuwa-widgets\.iife\.js" integrity="sha384-[\w+/=]+" crossorigin="anonymous" defer><\/script>/,
  );
  return snippet;
}

const defined = (page: Page) => page.evaluate(() => Boolean(customElements.get('start-selling-form')));

test('given the pinned snippet from the builder on another origin should render the widget from its one file only', async ({
  page,
}) => {
  served['/'] = pageWith(await pinnedSnippet(page));
  await page.goto(partner.url);
  await expect(page.locator('start-selling-form').getByRole('textbox', { name: 'Email address' })).toBeVisible();
  expect(await defined(page)).toBe(true);
  const widgetFiles = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/widgets/')),
  );
  expect(widgetFiles).toEqual([expect.stringMatching(/^\/widgets\/\d+\.\d+\.\d+\/kasuwa-widgets\.iife\.js$/)]);
});

test('given the pinned snippet with another hash should be refused by the browser, and nothing defined', async ({
  page,
}) => {
  const snippet = await pinnedSnippet(page);
  // A well-formed hash of other bytes: this version's module loader.
  const { files } = JSON.parse(fs.readFileSync('dist/widgets/integrity.json', 'utf8')) as {
    files: Record<string, string>;
  };
  served['/wrong'] = pageWith(snippet.replace(/integrity="[^"]+"/, `integrity="${files['kasuwa-widgets.js']}"`));
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /integrity/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${partner.url}wrong`);
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  await page.waitForTimeout(1000);
  expect(await defined(page)).toBe(false);
});
