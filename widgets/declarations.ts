/**
 * What the build writes from widgets/metadata.ts for tools and frameworks: custom-elements.json and
 * kasuwa-widgets.d.ts, .react.d.ts and .vue.d.ts (docs/embed-react.md, docs/embed-vue.md).
 */
import { cssProperties, propertyName, type TagMetadata, widgetMetadata } from './metadata.js';

/** custom-elements.json (schema 2.1.0). */
export function customElementsManifest() {
  return {
    schemaVersion: '2.1.0',
    readme: 'docs/widgets-api.md',
    modules: widgetMetadata.map((w) => ({
      kind: 'javascript-module',
      // Every tag is defined through the loader (its chunk names are content-hashed).
      path: 'kasuwa-widgets.js',
      declarations: [
        {
          kind: 'class',
          name: w.className,
          tagName: w.tag,
          customElement: true,
          description: w.description,
          attributes: w.attributes.map((a) => ({
            name: a.name,
            type: { text: a.type },
            description: a.description,
            default: a.default,
          })),
          // Every option is an attribute and a property (camelCase), live after mount; then the methods.
          members: [
            ...w.attributes
              .filter((a) => !a.global)
              .map((a) => ({
                kind: 'field',
                name: propertyName(a.name),
                type: { text: `${a.type} | undefined` },
                description: a.description,
                attribute: a.name,
                reflects: true,
              })),
            ...w.methods.map((m) => ({
              kind: 'method',
              name: m.name,
              description: m.description,
              type: { text: m.signature },
            })),
          ],
          events: w.events.map((e) => ({
            name: e.name,
            type: { text: `CustomEvent<${e.detail}>` },
            description: e.description,
          })),
          cssParts: w.parts,
          cssProperties: cssProperties,
        },
      ],
      exports: [
        {
          kind: 'custom-element-definition',
          name: w.tag,
          declaration: { name: w.className, module: 'kasuwa-widgets.js' },
        },
      ],
    })),
  };
}

/** Vue's listener prop for an event: store-rank-result → onStoreRankResult (what @store-rank-result compiles to). */
const vueListener = (event: string) =>
  `on${event.replace(/(^|-)([a-z])/g, (_, _dash, letter: string) => letter.toUpperCase())}`;

const header = '// Generated from widgets/metadata.ts by scripts/build.mjs.';
const tagUnion = () => widgetMetadata.map((w) => `'${w.tag}'`).join(' | ');
const eventsOf = (w: TagMetadata) => w.events.map((e) => e.name);

/**
 * kasuwa-widgets.d.ts: the element interfaces, HTMLElementTagNameMap, the events and the loader's
 * exports. No framework in it, so it compiles in any project.
 */
function domDeclarations(): string {
  const lines = [header, ''];
  for (const w of widgetMetadata) {
    lines.push(`/** <${w.tag}>: ${w.description} */`);
    lines.push(`export interface ${w.className} extends HTMLElement {`);
    // A global attribute (lang) is HTMLElement's own property already.
    for (const a of w.attributes.filter((attribute) => !attribute.global)) {
      lines.push(`  /** ${a.name}: ${a.description} */`, `  ${propertyName(a.name)}: ${a.type} | undefined;`);
    }
    for (const m of w.methods) {
      // '(opener?: X) => void' written as a method: show(opener?: X): void
      lines.push(`  /** ${m.description} */`, `  ${m.name}${m.signature.replace(/\) => /, '): ')};`);
    }
    lines.push('}', '');
  }
  lines.push('/** Every widget event by name (each bubbles out of its element, composed). */');
  lines.push('export interface KasuwaWidgetEventMap {');
  const seen = new Set<string>();
  for (const w of widgetMetadata) {
    for (const e of w.events) {
      if (seen.has(e.name)) continue;
      seen.add(e.name);
      lines.push(`  /** ${e.description} */`, `  '${e.name}': CustomEvent<${e.detail}>;`);
    }
  }
  lines.push('}', '');
  lines.push(`export type KasuwaWidgetTag = ${tagUnion()};`, '');
  lines.push(
    '/** Opens the start-selling modal (one is created if the page has none); loads it first if needed. */',
    'export declare function openStartSelling(opener?: HTMLElement | null): Promise<void>;',
    '/** Loads a tag now and resolves with its element class once it is defined. */',
    'export declare function ready<K extends KasuwaWidgetTag>(tag: K): Promise<CustomElementConstructor>;',
    '',
  );
  lines.push('declare global {', '  interface HTMLElementTagNameMap {');
  for (const w of widgetMetadata) lines.push(`    '${w.tag}': ${w.className};`);
  lines.push(
    '  }',
    '  interface HTMLElementEventMap extends KasuwaWidgetEventMap {}',
    '  interface DocumentEventMap extends KasuwaWidgetEventMap {}',
    '}',
    '',
  );
  return lines.join('\n');
}

/**
 * kasuwa-widgets.react.d.ts: React 19 JSX for the four tags: options as attributes, events as
 * `on<event-name>` props (React 19 adds them as listeners), `ref` typed with the element.
 */
function reactDeclarations(): string {
  const lines = [
    header,
    '// React 19 JSX for the Kasuwa widgets; needs @types/react 19 and kasuwa-widgets.d.ts beside it.',
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    `import type { ${widgetMetadata.map((w) => w.className).join(', ')}, KasuwaWidgetEventMap } from './kasuwa-widgets.js';`,
    '',
    '/** Standard HTML props of an element, its ref, and `class` (React 19 passes it through). */',
    'type KasuwaElementProps<E extends HTMLElement> = DetailedHTMLProps<HTMLAttributes<E>, E> & { class?: string };',
    '',
    "declare module 'react' {",
    '  namespace JSX {',
    '    interface IntrinsicElements {',
  ];
  for (const w of widgetMetadata) {
    const options = w.attributes.map((a) => `'${a.name}'?: ${a.type}`);
    const events = eventsOf(w).map((e) => `'on${e}'?: (event: KasuwaWidgetEventMap['${e}']) => void`);
    lines.push(`      '${w.tag}': KasuwaElementProps<${w.className}> & { ${[...options, ...events].join('; ')} };`);
  }
  lines.push('    }', '  }', '}', '');
  return lines.join('\n');
}

/**
 * kasuwa-widgets.vue.d.ts: typed global components for Vue 3 templates (vue-tsc, Volar): options and
 * listeners (`@store-rank-result` is the onStoreRankResult prop). The tags still need
 * compilerOptions.isCustomElement, so Vue leaves them to the browser.
 */
function vueDeclarations(): string {
  const lines = [
    header,
    '// Vue 3 global components for the Kasuwa widgets; needs vue and kasuwa-widgets.d.ts beside it.',
    "import type { DefineComponent } from 'vue';",
    "import type { KasuwaWidgetEventMap } from './kasuwa-widgets.js';",
    '',
    "declare module 'vue' {",
    '  interface GlobalComponents {',
  ];
  for (const w of widgetMetadata) {
    const options = w.attributes.map((a) => `'${a.name}'?: ${a.type}`);
    const events = eventsOf(w).map((e) => `${vueListener(e)}?: (event: KasuwaWidgetEventMap['${e}']) => void`);
    lines.push(`    '${w.tag}': DefineComponent<{ ${[...options, ...events].join('; ')} }>;`);
  }
  lines.push('  }', '}', '');
  return lines.join('\n');
}

/** The three declaration files shipped in dist/widgets/, by file name. */
export function typeDeclarations(): Record<string, string> {
  return {
    'kasuwa-widgets.d.ts': domDeclarations(),
    'kasuwa-widgets.react.d.ts': reactDeclarations(),
    'kasuwa-widgets.vue.d.ts': vueDeclarations(),
  };
}
