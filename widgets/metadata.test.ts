import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { customElementsManifest, typeDeclarations } from './declarations.js';
import { hostSizes } from './host-sizes.js';
import { propertyName, widgetMetadata } from './metadata.js';

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
    },
  );

  it.each(widgetMetadata.map((w) => [w.tag, w] as const))(
    'given <%s> should document exactly the options and methods its define file gives the element',
    (tag, w) => {
      const define = fs.readFileSync(`widgets/${tag}/${tag}.define.ts`, 'utf8');
      const props = define.match(/props: \{([^}]*)\}/)?.[1] ?? '';
      const options = [...props.matchAll(/(\w+): '/g)].map((m) => m[1]);
      // An attribute the element class observes itself (the modal's open) is not one of the component's options.
      const own = define.match(/observedAttributes \?\? \[\]\), ([^\]]*)\]/)?.[1] ?? '';
      const owned = [...own.matchAll(/'([\w-]+)'/g)].map((m) => m[1]);
      expect([...options, ...owned]).toEqual(w.attributes.filter((a) => !a.global).map((a) => propertyName(a.name)));
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
