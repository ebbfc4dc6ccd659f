/**
 * The loader's reserved sizes must lose to any size the page gives a tag itself: every selector has
 * zero specificity, so nothing may stand outside its `:where()` (a `:not(:defined)` outside it counts
 * as a class and beat the site's own 152 px host size on phones: CLS 0.013 on the home page).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostSizes, reservedSizesCss } from './registry.js';

const read = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, '..', file), 'utf8');

describe('the reserved sizes sheet', () => {
  it('given every tag should size it only while undefined, with a selector wholly inside :where()', () => {
    const rules = reservedSizesCss().split('\n');
    expect(rules).toHaveLength(Object.keys(hostSizes).length);
    for (const rule of rules) {
      const selector = rule.slice(0, rule.indexOf('{')).trim();
      expect(selector).toMatch(/^:where\([a-z-]+:not\(:defined\):not\(\[hidden\]\)\)$/);
    }
  });

  it('given every snippet we give partners should never make their page wait for our script', () => {
    const snippets = [
      'README.md',
      'packages/widgets/README.md',
      'testing/e2e/hosts/plain/index.html',
      'testing/e2e/hosts/cms/custom-html-block.html',
    ]
      .concat(fs.readdirSync(path.resolve(import.meta.dirname, '../docs')).map((file) => `docs/${file}`))
      .filter((file) => read(file).includes('kasuwa-widgets'));
    const blocking = snippets.filter((file) => /<script\b[^>]*\bblocking=/.test(read(file)));
    expect(snippets.length).toBeGreaterThan(5);
    expect(blocking).toEqual([]);
  });
});
