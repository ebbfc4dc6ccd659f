/**
 * What each tag offers partners: attributes, properties, methods, events, parts, custom properties
 * and host size, written once. From it the build writes custom-elements.json and the .d.ts files
 * (declarations.ts) and the docs' tables (api-docs.ts); the /widgets page renders its tables from it.
 * metadata.test.ts checks it against the components, api-drift.test.ts every copy against it.
 */
import { LOCALES } from '../common/i18n.js';
import { leaderboardTypeText } from '../common/leaderboard.js';
import { type HostSize, hostSizes, type WidgetTag } from './host-sizes.js';

type Item = { name: string; description: string };
/**
 * An option: an attribute and the camelCase property of the same name. `global`: an HTML global
 * attribute the widget reads (lang), a property every element already has.
 */
export type Attribute = Item & { type: string; default: string; global?: boolean };
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
  ['--kasuwa-focus', 'focus ring, outer colour (#14213d)'],
  [
    '--kasuwa-focus-inner',
    'focus ring, inner colour (#ffffff): with the outer one, 3:1 or more on light and dark pages',
  ],
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
const campaign: Attribute = {
  name: 'campaign',
  type: 'string',
  description:
    "the partner's campaign (a newsletter issue, say) stored with each signup, under the partner code's rules; partners see signups by campaign (docs/partners.md)",
  default: '?campaign= of the page, if any',
};
const locales = LOCALES.map((code) => `'${code}'`).join(' | ');
const lang: Attribute = {
  name: 'lang',
  // A region subtag (ha-NG) is a language tag too: the widget reads its language part.
  type: `${locales} | \`\${${locales}}-\${string}\``,
  description:
    'the language shown (a region suffix is ignored; another language shows English); live, without losing what was typed (docs/languages.md)',
  default: 'the nearest ancestor’s lang, else <html lang>, else English',
  global: true,
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
    attributes: [apiUrl, partner, campaign, lang],
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
      'The "Start Selling with Ease!" dialog with the signup form. Opens from any [data-start-selling] element and show(); closes on success. An opener\'s data-partner="code" and data-campaign="name" (the [data-start-selling] element, or show()\'s opener) are the partner code and campaign of a signup made in it, ahead of the modal\'s own (docs/embedding.md).',
    example: `<button type="button" data-start-selling>Start Selling</button>
<!-- optional: one is created on demand; add it to set partner or api-url -->
<start-selling-modal partner="your-partner-code"></start-selling-modal>`,
    attributes: [
      apiUrl,
      partner,
      campaign,
      {
        name: 'open',
        type: 'boolean',
        default: 'false',
        description:
          'reflects whether the dialog is open (a boolean attribute); setting the property or the attribute opens or closes it',
      },
      lang,
    ],
    methods: [
      {
        name: 'show',
        signature: '(opener?: HTMLElement | null) => Promise<void>',
        description:
          'opens the dialog, settling once it is open; focus returns to opener (default: the focused element) on close',
      },
      { name: 'hide', signature: '() => Promise<void>', description: 'closes the dialog, settling once it is closed' },
      { name: 'close', signature: '() => void', description: 'hide(), for pages written before it' },
    ],
    events: [
      {
        name: 'start-selling-open',
        detail: '{}',
        description:
          'the dialog is about to open (show(), open, or a [data-start-selling] element); cancelable: preventDefault() keeps it closed',
      },
      {
        name: 'start-selling-show',
        detail: '{}',
        description: 'the dialog has opened (show(), open, or a [data-start-selling] element)',
      },
      {
        name: 'start-selling-hide',
        detail: '{}',
        description: 'the dialog has closed (hide(), Esc, the close button, or a signup)',
      },
      ...signupEvents,
    ],
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
    attributes: [apiUrl, lang],
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
      lang,
    ],
    methods: [],
    events: [
      {
        name: 'pricing-plan-select',
        detail: "{ plan: 'free' | 'starter' | 'plus' | 'pro'; period: 'annual' | 'monthly' }",
        description:
          'Get Started was pressed (the start-selling modal opens too); cancelable: preventDefault() keeps the modal closed',
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

/** The property for an attribute: api-url → apiUrl. */
export const propertyName = (attribute: string) =>
  attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
