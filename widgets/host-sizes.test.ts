/**
 * The loader's reserved sizes must lose to any size the page gives a tag itself: every selector has
 * zero specificity, so nothing may stand outside its `:where()` (a `:not(:defined)` outside it counts
 * as a class and beat the site's own 152 px host size on phones: CLS 0.013 on the home page).
 */
import { describe, expect, it } from 'vitest';
import { hostSizes, reservedSizesCss } from './host-sizes.js';

describe('the reserved sizes sheet', () => {
  it('given every tag should size it only while undefined, with a selector wholly inside :where()', () => {
    const rules = reservedSizesCss().split('\n');
    expect(rules).toHaveLength(Object.keys(hostSizes).length);
    for (const rule of rules) {
      const selector = rule.slice(0, rule.indexOf('{')).trim();
      expect(selector).toMatch(/^:where\([a-z-]+:not\(:defined\)\)$/);
    }
  });
});
