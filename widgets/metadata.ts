/**
 * What each tag offers partners: attributes, properties, methods, events, parts, custom properties
 * and host size, written once. Generated from it (scripts/build.mjs): dist/widgets/custom-elements.json,
 * the kasuwa-widgets*.d.ts files and the marked tables in docs/widgets-api.md and docs/embedding.md;
 * the /widgets page renders its tables from it. metadata.test.ts checks it against the components,
 * api-drift.test.ts checks every generated or hand-written copy against it.
 */
import { leaderboardTypeText } from '../common/leaderboard.js';
import { type HostSize, hostSizes, type WidgetTag } from './host-sizes.js';

type Item = { name: string; description: string };
/** An option: an attribute and the camelCase property of the same name. */
export type Attribute = Item & { type: string; default: string };
export type TagMetadata = {
  tag: WidgetTag;
  className: string;
  description: string;
  module: string;
  /** The snippet that places the tag (the docs show it). */
  example: string;
  attributes: Attribute[];
  methods: (Item & { signature: string })[];
  events: (Item & { detail: string })[];
  parts: Item[];
  /** Reserved size of the host (so the light-DOM fallback can match it: CLS 0). */
  hostSize: HostSize;
  /** What the size means for the page, when more than the size itself. */
  hostNote: string;
};

export const cssProperties: Item[] = [
  ['--kasuwa-primary', 'buttons, links, progress bar (default #0b6e4f)'],
  ['--kasuwa-primary-contrast', 'text on the primary colour (#ffffff)'],
  ['--kasuwa-text', 'body text (#14213d)'],
  ['--kasuwa-muted', 'secondary text (#4a5568)'],
  ['--kasuwa-danger', 'error text and invalid borders (#b42318)'],
  ['--kasuwa-surface', 'field, card and dialog background (#ffffff)'],
  ['--kasuwa-border', 'borders (#a0aec0)'],
  ['--kasuwa-radius', 'radius of fields and buttons (999px)'],
  ['--kasuwa-font', 'font family (system UI stack)'],
  ['--kasuwa-focus', 'focus ring colour (#f4b400)'],
].map(([name, description]) => ({ name: name as string, description: description as string }));

const apiUrl: Attribute = {
  name: 'api-url',
  type: 'string',
  description: 'the GraphQL endpoint; the next request uses a new value',
  default: '<meta name="kasuwa-api-url">, else the script origin + /graphql',
};
const partner: Attribute = {
  name: 'partner',
  type: 'string',
  description: 'partner or affiliate code stored with each signup; ref, its older name, still works on plain pages',
  default: '?partner= of the page, if any',
};
const fullWidth = 'full width of its container';
const formParts: Item[] = [
  { name: 'form', description: 'the <form>' },
  { name: 'label', description: 'the field label' },
  { name: 'input', description: 'the text field' },
  { name: 'button', description: 'the submit button' },
  { name: 'error', description: 'the message under the field (validation or failure)' },
  { name: 'toast', description: 'the toast' },
  { name: 'toast-region', description: 'the fixed region toasts appear in' },
];
const dialogParts: Item[] = [
  { name: 'dialog', description: 'the <dialog>' },
  { name: 'close', description: 'the close button' },
];
const signupEvents = [
  { name: 'start-selling-success', detail: '{}', description: 'after a successful signup' },
  {
    name: 'start-selling-error',
    detail: '{ code: string }',
    description: 'the request failed; code is NETWORK or the API error code (e.g. RATE_LIMITED)',
  },
];

/** One entry per tag of host-sizes.ts: a tag without one, or an entry under another tag's name, is a type error. */
const metadataByTag: { [Tag in WidgetTag]: TagMetadata & { tag: Tag } } = {
  'start-selling-form': {
    tag: 'start-selling-form',
    className: 'StartSellingFormElement',
    module: 'start-selling-form/start-selling-form.define.js',
    description: 'E-mail signup: sends startSelling, shows the Success toast, resets on success.',
    example: '<start-selling-form partner="your-partner-code"></start-selling-form>',
    attributes: [apiUrl, partner],
    methods: [],
    events: signupEvents,
    parts: formParts,
    hostSize: hostSizes['start-selling-form'],
    hostNote: fullWidth,
  },
  'start-selling-modal': {
    tag: 'start-selling-modal',
    className: 'StartSellingModalElement',
    module: 'start-selling-modal/start-selling-modal.define.js',
    description:
      'The "Start Selling with Ease!" dialog with the signup form. Opens from any [data-start-selling] element and show(); closes on success.',
    example: `<button type="button" data-start-selling>Start Selling</button>
<!-- optional: one is created on demand; add it to set partner or api-url -->
<start-selling-modal partner="your-partner-code"></start-selling-modal>`,
    attributes: [apiUrl, partner],
    methods: [
      {
        name: 'show',
        signature: '(opener?: HTMLElement | null) => void',
        description: 'opens the dialog; focus returns to opener (default: the focused element) on close',
      },
      { name: 'close', signature: '() => void', description: 'closes the dialog' },
    ],
    events: signupEvents,
    parts: [
      ...formParts,
      ...dialogParts,
      { name: 'title', description: 'the heading' },
      { name: 'text', description: 'the text under it' },
    ],
    hostSize: hostSizes['start-selling-modal'],
    hostNote: 'takes no room; the dialog sits in the top layer',
  },
  'store-rank-checker': {
    tag: 'store-rank-checker',
    className: 'StoreRankCheckerElement',
    module: 'store-rank-checker/store-rank-checker.define.js',
    description: 'Store domain in, the New Year sales leaderboard dialog out.',
    example: '<store-rank-checker></store-rank-checker>',
    attributes: [apiUrl],
    methods: [],
    events: [
      {
        name: 'store-rank-result',
        detail: leaderboardTypeText(),
        description: 'a lookup answered; the dialog opens',
      },
      {
        name: 'store-rank-error',
        detail: '{ code: string; message: string }',
        description: 'a lookup failed (e.g. STORE_NOT_FOUND, NETWORK)',
      },
    ],
    parts: [
      ...formParts,
      ...dialogParts,
      { name: 'store', description: 'logo or avatar with name and rank' },
      { name: 'logo', description: 'the store logo' },
      { name: 'avatar', description: 'the initials avatar' },
      { name: 'store-name', description: 'the store name' },
      { name: 'rank', description: 'the rank line' },
      { name: 'card', description: 'each revenue card' },
      { name: 'help-button', description: 'the "?" button beside each card' },
      { name: 'help-popover', description: "the popover explaining a card's number" },
      { name: 'progress', description: 'the progress bar track' },
      { name: 'progress-fill', description: 'the filled part' },
      { name: 'goal', description: '"Sell over … more to win"' },
    ],
    hostSize: hostSizes['store-rank-checker'],
    hostNote: fullWidth,
  },
  'pricing-plans': {
    tag: 'pricing-plans',
    className: 'PricingPlansElement',
    module: 'pricing-plans/pricing-plans.define.js',
    description:
      'The four plan cards with the monthly/annual toggle in a draggable carousel; Get Started opens the modal.',
    example: '<pricing-plans period="annual"></pricing-plans>',
    attributes: [
      {
        name: 'period',
        type: "'annual' | 'monthly'",
        description: 'billing period shown; a new value switches the cards',
        default: 'annual',
      },
      {
        name: 'label',
        type: 'string',
        description: 'accessible name of the carousel; unique per page',
        default: 'Plans',
      },
    ],
    methods: [],
    events: [
      {
        name: 'pricing-plan-select',
        detail: "{ plan: 'free' | 'starter' | 'plus' | 'pro'; period: 'annual' | 'monthly' }",
        description: 'Get Started was pressed (the start-selling modal opens too)',
      },
      { name: 'pricing-period-change', detail: "{ period: 'annual' | 'monthly' }", description: 'the toggle changed' },
    ],
    parts: [
      { name: 'pricing', description: 'the whole carousel section' },
      { name: 'toggle', description: 'the billing period toggle' },
      { name: 'saving', description: 'the "Save 33%" label' },
      { name: 'strip', description: 'the scrolling strip of cards' },
      { name: 'plan', description: 'each card' },
      { name: 'plan-recommended', description: 'the recommended card' },
      { name: 'badge', description: 'the Recommended badge' },
      { name: 'price', description: 'price and period label' },
      { name: 'button', description: 'each Get Started button' },
      { name: 'benefits', description: 'the benefit list' },
      { name: 'nav', description: 'previous/next buttons' },
      { name: 'dots', description: 'the dots (small screens)' },
      { name: 'dot', description: 'each dot; aria-current="true" on the card in view' },
    ],
    hostSize: hostSizes['pricing-plans'],
    hostNote: fullWidth,
  },
};

export const widgetMetadata: TagMetadata[] = Object.values(metadataByTag);

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
            ...w.attributes.map((a) => ({
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

/** The property for an attribute: api-url → apiUrl. */
export const propertyName = (attribute: string) =>
  attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

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
    for (const a of w.attributes) {
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
