/**
 * What each tag offers partners: attributes, properties, methods, events, parts and custom
 * properties. The single source for dist/widgets/custom-elements.json and kasuwa-widgets.d.ts
 * (written by scripts/build.mjs); metadata.test.ts checks it against the components.
 */
type Item = { name: string; description: string; type?: string };
export type TagMetadata = {
  tag: string;
  className: string;
  description: string;
  module: string;
  attributes: (Item & { type: string })[];
  methods: (Item & { signature: string })[];
  events: (Item & { detail: string })[];
  parts: Item[];
  /** Reserved size of the host (so the light-DOM fallback can match it: CLS 0). */
  hostSize: string;
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

const apiUrl = {
  name: 'api-url',
  type: 'string',
  description: 'GraphQL endpoint; else <meta name="kasuwa-api-url">, else the script origin + /graphql',
};
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

export const widgetMetadata: TagMetadata[] = [
  {
    tag: 'start-selling-form',
    className: 'StartSellingFormElement',
    module: 'start-selling-form/start-selling-form.define.js',
    description: 'E-mail signup: sends startSelling, shows the Success toast, resets on success.',
    attributes: [
      apiUrl,
      {
        name: 'ref',
        type: 'string',
        description: 'partner or affiliate code stored with the signup (else ?ref= of the page)',
      },
    ],
    methods: [],
    events: signupEvents,
    parts: formParts,
    hostSize: 'min-height: 132px; full width of its container',
  },
  {
    tag: 'start-selling-modal',
    className: 'StartSellingModalElement',
    module: 'start-selling-modal/start-selling-modal.define.js',
    description:
      'The "Start Selling with Ease!" dialog with the signup form. Opens from any [data-start-selling] element and show(); closes on success.',
    attributes: [apiUrl, { name: 'ref', type: 'string', description: 'as on <start-selling-form>' }],
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
    hostSize: 'takes no room (display: contents); the dialog sits in the top layer',
  },
  {
    tag: 'store-rank-checker',
    className: 'StoreRankCheckerElement',
    module: 'store-rank-checker/store-rank-checker.define.js',
    description: 'Store domain in, the New Year sales leaderboard dialog out.',
    attributes: [apiUrl],
    methods: [],
    events: [
      {
        name: 'store-rank-result',
        detail:
          '{ storeId: string; name: string | null; logo: string | null; rank: number | null; totalRevenue: number; winningRevenue: number; revenueToWin: number }',
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
      { name: 'progress', description: 'the progress bar track' },
      { name: 'progress-fill', description: 'the filled part' },
      { name: 'goal', description: '"Sell over … more to win"' },
    ],
    hostSize: 'min-height: 132px; full width of its container',
  },
  {
    tag: 'pricing-plans',
    className: 'PricingPlansElement',
    module: 'pricing-plans/pricing-plans.define.js',
    description:
      'The four plan cards with the monthly/annual toggle in a draggable carousel; Get Started opens the modal.',
    attributes: [
      { name: 'period', type: "'annual' | 'monthly'", description: 'billing period shown first (default annual)' },
      {
        name: 'label',
        type: 'string',
        description: 'accessible name of the carousel (default "Plans"); unique per page',
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
    hostSize: 'min-height: 760px; full width of its container',
  },
];

/** custom-elements.json (schema 2.1.0). */
export function customElementsManifest() {
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md#embedding-the-widgets',
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
          attributes: w.attributes.map((a) => ({ name: a.name, type: { text: a.type }, description: a.description })),
          // Options are attributes (read when the element renders); the only members are methods.
          members: [
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

/** kasuwa-widgets.d.ts: element classes, HTMLElementTagNameMap, events, and React 19 JSX elements. */
export function typeDeclarations(): string {
  const lines = ['// Generated from widgets/metadata.ts by scripts/build.mjs.', ''];
  for (const w of widgetMetadata) {
    lines.push(`/** <${w.tag}>: ${w.description} */`);
    lines.push(`export interface ${w.className} extends HTMLElement {`);
    for (const m of w.methods) lines.push(`  /** ${m.description} */`, `  ${m.name}: ${m.signature};`);
    lines.push('}', '');
  }
  lines.push('export interface KasuwaWidgetEventMap {');
  for (const w of widgetMetadata) for (const e of w.events) lines.push(`  '${e.name}': CustomEvent<${e.detail}>;`);
  lines.push('}', '');
  const jsxAttrs = (w: TagMetadata) =>
    `{ ${w.attributes.map((a) => `'${a.name}'?: ${a.type}`).join('; ')}${w.attributes.length ? '; ' : ''}children?: import('react').ReactNode; class?: string; className?: string; id?: string; style?: import('react').CSSProperties; ref?: import('react').Ref<${w.className}> }`;
  lines.push('declare global {', '  interface HTMLElementTagNameMap {');
  for (const w of widgetMetadata) lines.push(`    '${w.tag}': ${w.className};`);
  lines.push(
    '  }',
    '  interface HTMLElementEventMap extends KasuwaWidgetEventMap {}',
    '  interface DocumentEventMap extends KasuwaWidgetEventMap {}',
    '}',
    '',
  );
  lines.push("declare module 'react' {", '  namespace JSX {', '    interface IntrinsicElements {');
  for (const w of widgetMetadata) lines.push(`      '${w.tag}': ${jsxAttrs(w)};`);
  lines.push('    }', '  }', '}', '');
  return lines.join('\n');
}
