/**
 * The embedding guides show the host apps the tests build and run (testing/e2e/hosts/) exactly as they are,
 * so a partner copying a snippet copies code that works.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const shown: [guide: string, snippets: string[]][] = [
  ['docs/embedding.md', ['testing/e2e/hosts/plain/index.html']],
  ['docs/embed-react.md', ['testing/e2e/hosts/react/App.tsx', 'testing/e2e/hosts/react/main.tsx']],
  [
    'docs/embed-vue.md',
    ['testing/e2e/hosts/vue/vite.config.ts', 'testing/e2e/hosts/vue/main.ts', 'testing/e2e/hosts/vue/App.vue'],
  ],
  ['docs/embed-cms.md', ['testing/e2e/hosts/cms/custom-html-block.html']],
];

describe('embedding guides', () => {
  it.each(shown)('given %s should show its snippets verbatim', (guide, snippets) => {
    const text = fs.readFileSync(guide, 'utf8');
    for (const snippet of snippets) expect(text, snippet).toContain(fs.readFileSync(snippet, 'utf8'));
  });
});
