/**
 * Each page carries the parts of the site's stylesheet it uses and no other (docs/site.md, "The site's
 * CSS is in each page"): a page part it leaves out has no rule that matches anything on it, and a page
 * part it carries has some, once its script has run and its widgets have rendered, on a phone and a desktop.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { PAGE_STYLE_PARTS } from '../site/styles/parts.js';
import { builtPagePaths } from '../testing/e2e/site-helpers.js';

type StyleAsset = { part: string; css?: string };
const render = (await import(pathToFileURL(path.resolve('dist/server/render.js')).href)) as {
  readAssets(dir: string): { styles: StyleAsset[] };
};
/** Each page part as built (the text a page inlines), from the built renderer's own reading of the manifest. */
const parts = render
  .readAssets('dist/site')
  .styles.filter(({ part }) => (PAGE_STYLE_PARTS as readonly string[]).includes(part))
  .map(({ part, css }) => ({ part, css: css ?? '' }));
/** The pages the server renders per request, beside the built ones. */
const SERVED = ['/new-year-sales/rank?domain=adaeze-fabrics', '/new-year-sales/rank', '/unsubscribe', '/partners'];

/** In the page: for each part, whether a <style> carries it and the selectors of its rules that match something. */
function matching(all: typeof parts) {
  const styles = [...document.querySelectorAll('style')].map((style) => style.textContent?.trim());
  return all.map(({ part, css }) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    const matched: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) {
          // Without states and pseudo-elements (a rule for :hover applies to what it names): wider, not narrower.
          for (const selector of rule.selectorText.split(',')) {
            const plain = selector.replace(/::?(?!not|is|where)[\w-]+(\([^)]*\))?/g, '').trim() || '*';
            if (document.querySelector(plain)) matched.push(selector.trim());
          }
        } else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    walk(sheet.cssRules);
    return { part, carried: styles.some((style) => style?.includes(css)), matched };
  });
}

for (const width of [360, 1280]) {
  test(`given every page at ${width} px, it carries the page parts of the stylesheet whose rules it uses, and no other`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    for (const path of [...(await builtPagePaths()), ...SERVED]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      for (const { part, carried, matched } of await page.evaluate(matching, parts)) {
        if (carried) expect(matched.length, `${path} carries ${part} and uses none of its rules`).toBeGreaterThan(0);
        else expect(matched, `${path} leaves ${part} out but uses these of its rules`).toEqual([]);
      }
    }
    await context.close();
  });
}
