import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { customElementsManifest, typeDeclarations, widgetMetadata } from './metadata.js';

const source = (tag: string) =>
  fs
    .readdirSync(`widgets/${tag}`)
    .filter((f) => /\.(tsx?|ts)$/.test(f) && !f.includes('.test.'))
    .map((f) => fs.readFileSync(`widgets/${tag}/${f}`, 'utf8'))
    .join('\n');
const shared = ['dialog.tsx', 'field-row.tsx', 'toast.tsx']
  .map((f) => fs.readFileSync(`widgets/shared/${f}`, 'utf8'))
  .join('\n');
const formSource = source('start-selling-form');

describe('widget metadata', () => {
  it.each(widgetMetadata.map((w) => [w.tag, w] as const))(
    'given <%s> should name every part and event its code uses',
    (tag, w) => {
      const code = `${source(tag)}\n${shared}\n${tag === 'start-selling-modal' ? formSource : ''}`;
      for (const part of w.parts)
        expect(code, `part ${part.name}`).toMatch(new RegExp(`part=["{\`][^"]*\\b${part.name}\\b`));
      const emitted = [...code.matchAll(/emit\([^,]+, '([a-z-]+)'/g)].map((m) => m[1]);
      for (const event of emitted) expect(w.events.map((e) => e.name)).toContain(event);
      expect(fs.readFileSync('widgets/loader.ts', 'utf8')).toContain(`'${tag}'`);
    },
  );

  it('given the manifest should list the four tags and the d.ts should map each one', () => {
    const tags = customElementsManifest().modules.map((m) => m.declarations[0]?.tagName);
    expect(tags).toEqual(['start-selling-form', 'start-selling-modal', 'store-rank-checker', 'pricing-plans']);
    const dts = typeDeclarations();
    for (const tag of tags) expect(dts).toContain(`'${tag}':`);
    expect(dts).toContain('interface HTMLElementTagNameMap');
    expect(dts).toContain('interface IntrinsicElements');
  });
});
