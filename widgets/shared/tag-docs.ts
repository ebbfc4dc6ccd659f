/**
 * What several tags document alike: the options every signup tag takes, lang, the form's and dialog's
 * parts, the signup events and the theme's custom properties. Only metadata (build time, the site)
 * reads these: every computed value is marked pure, so a bundle that imports a tag's `element` drops them.
 */
import { LOCALES } from '../../common/i18n.js';
import type { AttributeDoc, Item } from './tag.js';

/** The items of several lists, in order (a call the bundler may drop, where a spread it may not). */
export const list = <T>(...groups: (T | readonly T[])[]): T[] => groups.flat() as T[];

const quoted = (codes: readonly string[]) => codes.map((code) => `'${code}'`).join(' | ');
// A region subtag (ha-NG) is a language tag too: the widget reads its language part.
const languageType = (locales: string) => `${locales} | \`\${${locales}}-\${string}\``;

export const apiUrl: AttributeDoc = {
  type: 'string',
  description: 'the GraphQL endpoint; the next request uses a new value',
  default: '<meta name="kasuwa-api-url">, else the script origin + /graphql',
};
export const partner: AttributeDoc = {
  type: 'string',
  description: 'partner or affiliate code stored with each signup; ref, its older name, still works on plain pages',
  default: '?partner= of the page, if any',
};
export const campaign: AttributeDoc = {
  type: 'string',
  description:
    "the partner's campaign (a newsletter issue, say) stored with each signup, under the partner code's rules; partners see signups by campaign (docs/partners.md)",
  default: '?campaign= of the page, if any',
};
export const lang: AttributeDoc = {
  type: /* @__PURE__ */ languageType(/* @__PURE__ */ quoted(LOCALES)),
  description:
    'the language shown (a region suffix is ignored; another language shows English); live, without losing what was typed (docs/languages.md)',
  default: 'the nearest ancestor’s lang, else <html lang>, else English',
  global: true,
};

export const fullWidth = 'full width of its container';

export const formParts: Item[] = [
  { name: 'form', description: 'the <form>' },
  { name: 'label', description: 'the field label' },
  { name: 'input', description: 'the text field' },
  { name: 'button', description: 'the submit button' },
  { name: 'error', description: 'the message under the field (validation or failure)' },
  { name: 'toast', description: 'the toast' },
  { name: 'toast-region', description: 'the fixed region toasts appear in' },
];
export const dialogParts: Item[] = [
  { name: 'dialog', description: 'the <dialog>' },
  { name: 'close', description: 'the close button' },
];
export const signupEvents = [
  { name: 'start-selling-success', detail: '{}', description: 'after a successful signup' },
  {
    name: 'start-selling-error',
    detail: '{ code: string }',
    description: 'the request failed; code is NETWORK or the API error code (e.g. RATE_LIMITED)',
  },
];

/** The theme every tag's styles read (widgets/shared/styles.ts). */
export const themeProperties: Item[] = [
  { name: '--kasuwa-primary', description: 'buttons, links, progress bar (default #0b6e4f)' },
  { name: '--kasuwa-primary-contrast', description: 'text on the primary colour (#ffffff)' },
  { name: '--kasuwa-text', description: 'body text (#14213d)' },
  { name: '--kasuwa-muted', description: 'secondary text (#4a5568)' },
  { name: '--kasuwa-danger', description: 'error text and invalid borders (#b42318)' },
  { name: '--kasuwa-surface', description: 'field, card and dialog background (#ffffff)' },
  { name: '--kasuwa-border', description: 'borders (#a0aec0)' },
  { name: '--kasuwa-radius', description: 'radius of fields and buttons (999px)' },
  { name: '--kasuwa-font', description: 'font family (system UI stack)' },
  { name: '--kasuwa-focus', description: 'focus ring, outer colour (#14213d)' },
  {
    name: '--kasuwa-focus-inner',
    description: 'focus ring, inner colour (#ffffff): with the outer one, 3:1 or more on light and dark pages',
  },
];
