import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { customElementsManifest, typeDeclarations } from '../scripts/widget-declarations.js';
import { widgetMetadata } from './metadata.js';
import { hostSizes } from './registry.js';
import type { TagModule } from './shared/tag.js';
import * as tags from './tags.js';

const source = (tag: string) =>
  fs
    .readdirSync(`widgets/${tag}`)
    .filter((f) => /\.(tsx?|ts)$/.test(f) && !f.includes('.test.') && !f.endsWith('.tag.ts'))
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
    },
  );

  it.each(widgetMetadata.map((w) => [w.tag, w] as const))(
    'given <%s> should define its element from its tag module and document exactly its attributes and methods',
    (tag, w) => {
      const define = fs.readFileSync(`widgets/${tag}/${tag}.define.ts`, 'utf8');
      const facts = define.match(new RegExp(`import \\{([^}]*)\\} from './${tag}.tag.js';`))?.[1] ?? '';
      expect(facts.split(',').map((name) => name.trim())).toEqual(expect.arrayContaining(['options', 'tag']));
      expect(define).toMatch(/defineWidget\(\{ tag, options \}, /);
      const module: TagModule | undefined = Object.values(tags).find((entry) => entry.tag === tag);
      const own = module?.ownAttributes ?? [];
      // An attribute the element class observes itself (the modal's open) comes from the tag module too.
      if (own.length > 0) expect(define).toContain('...ownAttributes');
      expect([...(module?.options ?? []), ...own]).toEqual(w.attributes.filter((a) => !a.global).map((a) => a.name));
      // Methods are added in `extend` as class members: `  show(opener?: …) {`.
      const methods = [...define.matchAll(/^ {6}(\w+)\([^)]*\) \{$/gm)]
        .map((m) => m[1])
        .filter((name) => name !== 'constructor');
      expect(methods).toEqual(w.methods.map((m) => m.name));
    },
  );

  it('given the manifest should list every tag and the d.ts should map each one', () => {
    const tags = customElementsManifest().modules.map((m) => m.declarations[0]?.tagName);
    expect(tags).toEqual(Object.keys(hostSizes));
    const files = typeDeclarations();
    for (const file of ['kasuwa-widgets.d.ts', 'kasuwa-widgets.react.d.ts', 'kasuwa-widgets.vue.d.ts']) {
      for (const tag of tags) expect(files[file], file).toContain(`'${tag}':`);
    }
    expect(files['kasuwa-widgets.d.ts']).toContain('interface HTMLElementTagNameMap');
    expect(files['kasuwa-widgets.react.d.ts']).toContain('interface IntrinsicElements');
    expect(files['kasuwa-widgets.vue.d.ts']).toContain('interface GlobalComponents');
  });
});
