/**
 * What the build writes from each tag's metadata (widgets/metadata.ts) for tools and frameworks:
 * custom-elements.json and kasuwa-widgets.d.ts, .react.d.ts and .vue.d.ts (docs/embed-react.md,
 * docs/embed-vue.md), and the same types as the npm package @kasuwa/widgets ships them
 * (packages/widgets/), with its loader functions.
 */
import { propertyName, type WidgetMetadata, widgetMetadata } from '../widgets/metadata.js';

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
          cssProperties: w.cssProperties,
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

const header = "// Generated from each tag's metadata (widgets/<tag>/<tag>.tag.ts) by scripts/build.mjs.";
const tagUnion = () => widgetMetadata.map((w) => `'${w.tag}'`).join(' | ');
const eventsOf = (w: WidgetMetadata) => w.events.map((e) => e.name);

/** What the loader script (kasuwa-widgets.js) exports. */
const LOADER_FUNCTIONS = [
  '/** Opens the start-selling modal (one is created if the page has none); loads it first if needed. */',
  'export declare function openStartSelling(opener?: HTMLElement | null): Promise<void>;',
  '/** Loads a tag now and resolves with its element class once it is defined. */',
  'export declare function ready<K extends KasuwaWidgetTag>(tag: K): Promise<CustomElementConstructor>;',
];

/** What @kasuwa/widgets exports (packages/widgets/src/index.ts): the loader's functions, usable before it loads. */
const PACKAGE_FUNCTIONS = [
  '/**',
  ' * Adds the widgets script from `origin` (e.g. https://kasuwa.shop) to the page once and resolves once it',
  ' * has run. A second call with the same origin answers the same promise; another origin is refused.',
  ' */',
  'export declare function loadKasuwaWidgets(options: { origin: string }): Promise<void>;',
  '/**',
  ' * Loads a tag now (after loadKasuwaWidgets) and resolves with its element class once it is defined;',
  ' * before loadKasuwaWidgets it waits for the tag to be defined without loading it.',
  ' */',
  'export declare function ready<K extends KasuwaWidgetTag>(tag: K): Promise<CustomElementConstructor>;',
  '/** Opens the start-selling modal (one is created if the page has none); needs loadKasuwaWidgets first. */',
  'export declare function openStartSelling(opener?: HTMLElement | null): Promise<void>;',
];

/**
 * The element interfaces, HTMLElementTagNameMap, the events and `functions` (the loader's exports, or
 * the package's). No framework in it, so it compiles in any project.
 */
function domDeclarations(functions: string[]): string {
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
  lines.push(...functions, '');
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
function reactDeclarations(dom: string): string {
  const lines = [
    header,
    `// React 19 JSX for the Kasuwa widgets; needs @types/react 19 and ${dom}.d.ts beside it.`,
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    `import type { ${widgetMetadata.map((w) => w.className).join(', ')}, KasuwaWidgetEventMap } from './${dom}.js';`,
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
function vueDeclarations(dom: string): string {
  const lines = [
    header,
    `// Vue 3 global components for the Kasuwa widgets; needs vue and ${dom}.d.ts beside it.`,
    "import type { DefineComponent } from 'vue';",
    `import type { KasuwaWidgetEventMap } from './${dom}.js';`,
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
    'kasuwa-widgets.d.ts': domDeclarations(LOADER_FUNCTIONS),
    'kasuwa-widgets.react.d.ts': reactDeclarations('kasuwa-widgets'),
    'kasuwa-widgets.vue.d.ts': vueDeclarations('kasuwa-widgets'),
  };
}

/**
 * The declaration files of @kasuwa/widgets, by file name: `@kasuwa/widgets` (index), and
 * `@kasuwa/widgets/react` and `/vue`, each needing only its own framework's types.
 */
export function packageDeclarations(): Record<string, string> {
  return {
    'index.d.ts': domDeclarations(PACKAGE_FUNCTIONS),
    'react.d.ts': reactDeclarations('index'),
    'vue.d.ts': vueDeclarations('index'),
  };
}
