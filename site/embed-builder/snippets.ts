/**
 * The embed builder's snippets (docs/embedding.md, "The embed builder"): one choice of tag, language,
 * partner code, campaign, colours and radius for plain HTML (the loader, or one pinned file), WordPress,
 * React and Vue. Values escaped for where they go; only custom properties that differ from the defaults
 * written. Pure: the server renders the defaults with it, the builder's script each change.
 */

import { escapeXml } from '../../common/escape-xml.js';
import type { Locale } from '../../common/i18n.js';
import { WIDGETS_LOADER_PATH } from '../../common/widgets-loader.js';
import { PINNED_WIDGETS } from '../../common/widgets-pinned.js';
import type { WidgetTag } from '../../widgets/registry.js';
import { tagOptions } from '../../widgets/tag-options.js';
import { DEFAULT_PUBLIC_URL } from '../config.js';

/** Every tag, in the order the builder offers them. */
export const BUILDER_TAGS = [
  'start-selling-form',
  'start-selling-modal',
  'store-rank-checker',
  'pricing-plans',
] as const satisfies readonly WidgetTag[];
export type BuilderTag = (typeof BUILDER_TAGS)[number];
/** '' follows the page: no lang attribute, the widget reads its ancestors' (docs/languages.md). */
export type BuilderLanguage = Locale | '';

/** The colours the builder offers, with the widgets' defaults (widgets' metadata, checked by its test). */
export const COLOUR_DEFAULTS = {
  '--kasuwa-primary': '#0b6e4f',
  '--kasuwa-primary-contrast': '#ffffff',
  '--kasuwa-text': '#14213d',
  '--kasuwa-muted': '#4a5568',
  '--kasuwa-surface': '#ffffff',
} as const;
export type ColourProperty = keyof typeof COLOUR_DEFAULTS;
export const COLOUR_PROPERTIES = Object.keys(COLOUR_DEFAULTS) as ColourProperty[];
/** `--kasuwa-radius` in px; the default, 999, rounds fields and buttons fully. */
export const RADIUS_DEFAULT = 999;

export type BuilderChoice = {
  tag: BuilderTag;
  lang: BuilderLanguage;
  partner: string;
  campaign: string;
  colours: Record<ColourProperty, string>;
  radius: number;
};

export const PLACEHOLDER_PARTNER = 'your-partner-code';

export const defaultChoice = (partner = ''): BuilderChoice => ({
  tag: 'start-selling-form',
  lang: '',
  partner,
  campaign: '',
  colours: { ...COLOUR_DEFAULTS },
  radius: RADIUS_DEFAULT,
});

/** Whether a tag's element reads the attribute `option` (its options in widgets/<tag>/<tag>.tag.ts). */
const elementTakes = (tag: BuilderTag, option: string) =>
  tagOptions.some((facts) => facts.tag === tag && facts.options.includes(option));

/** The element a snippet places beside its tag: the pricing plans' Get Started opens the page's first modal. */
const COMPANIONS: Partial<Record<BuilderTag, BuilderTag>> = { 'pricing-plans': 'start-selling-modal' };

/** Which tags' snippets take a partner code and a campaign: their element's or companion's (not the rank checker). */
export const takesCampaign = (tag: BuilderTag): boolean => {
  const companion = COMPANIONS[tag];
  return elementTakes(tag, 'campaign') || (companion !== undefined && elementTakes(companion, 'campaign'));
};

/** A colour as the builder accepts it: `#rrggbb`, lower case; anything else is the default. */
export const cleanColour = (value: string, property: ColourProperty) =>
  /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim().toLowerCase() : COLOUR_DEFAULTS[property];
/** A radius in whole px, 0 to 999; anything else is the default. */
export const cleanRadius = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.min(999, Math.round(n)) : RADIUS_DEFAULT;
};

/** The custom properties that differ from the defaults, in a fixed order. */
export function customProperties(choice: BuilderChoice): [string, string][] {
  const changed: [string, string][] = COLOUR_PROPERTIES.filter(
    (property) => cleanColour(choice.colours[property], property) !== COLOUR_DEFAULTS[property],
  ).map((property) => [property, cleanColour(choice.colours[property], property)]);
  const radius = cleanRadius(choice.radius);
  if (radius !== RADIUS_DEFAULT) changed.push(['--kasuwa-radius', `${radius}px`]);
  return changed;
}

const declarations = (choice: BuilderChoice) =>
  customProperties(choice)
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');

const partnerOf = (choice: BuilderChoice) => choice.partner.trim() || PLACEHOLDER_PARTNER;

/** The element's attributes in order, without the style. */
function attributes(choice: BuilderChoice): [string, string][] {
  const list: [string, string][] = [];
  if (elementTakes(choice.tag, 'partner')) list.push(['partner', partnerOf(choice)]);
  if (elementTakes(choice.tag, 'campaign') && choice.campaign.trim()) list.push(['campaign', choice.campaign.trim()]);
  if (choice.lang) list.push(['lang', choice.lang]);
  return list;
}

/** The tags of one choice, written with `attribute(name, value)` and `style(declarations)`. */
function markup(
  choice: BuilderChoice,
  attribute: (name: string, value: string) => string,
  style: (css: string) => string,
  close: (tag: string) => string,
) {
  const css = declarations(choice);
  const own = attributes(choice).map(([name, value]) => ` ${attribute(name, value)}`);
  const styled = css ? ` ${style(css)}` : '';
  const element = `<${choice.tag}${own.join('')}${styled}${close(choice.tag)}`;
  if (choice.tag === 'start-selling-modal')
    return `<button type="button" data-start-selling>Start Selling</button>\n${element}`;
  const companion = COMPANIONS[choice.tag];
  if (!companion) return element;
  // The companion carries the partner code, campaign and colours; the page's language is the tag's.
  const companionAttributes = attributes({ ...choice, tag: companion })
    .filter(([name]) => name !== 'lang')
    .map(([name, value]) => ` ${attribute(name, value)}`);
  return `${element}\n<${companion}${companionAttributes.join('')}${styled}${close(companion)}`;
}

/** The one script tag a page needs: the loader of the widgets' major version (common/widgets-loader.ts). */
export const scriptTag = (origin = DEFAULT_PUBLIC_URL) =>
  `<script type="module" src="${escapeXml(`${origin}${WIDGETS_LOADER_PATH}`)}"></script>`;

/**
 * The script tag pinned to the newest recorded version (common/widgets-pinned.ts): every widget in one
 * classic file with its integrity, so the browser runs those bytes or none (docs/embedding.md#versions).
 */
export const pinnedScriptTag = (origin = DEFAULT_PUBLIC_URL) =>
  `<script src="${escapeXml(`${origin}${PINNED_WIDGETS.path}`)}" integrity="${PINNED_WIDGETS.integrity}" crossorigin="anonymous" defer></script>`;

/** Plain HTML: the one script tag (`script`: the loader, or the pinned file) and the element, its custom properties in a style attribute. */
export function htmlSnippet(choice: BuilderChoice, origin = DEFAULT_PUBLIC_URL, script = scriptTag): string {
  const tags = markup(
    choice,
    (name, value) => `${name}="${escapeXml(value)}"`,
    (css) => `style="${escapeXml(css)}"`,
    (tag) => `></${tag}>`,
  );
  return `${script(origin)}\n${tags}`;
}

const SHORTCODES: Record<BuilderTag, { shortcode: string; block: string }> = {
  'start-selling-form': { shortcode: 'kasuwa_signup', block: 'Kasuwa signup form' },
  'start-selling-modal': { shortcode: 'kasuwa_start_selling', block: 'Kasuwa start-selling button' },
  'store-rank-checker': { shortcode: 'kasuwa_rank_checker', block: 'Kasuwa store rank checker' },
  'pricing-plans': { shortcode: 'kasuwa_pricing', block: 'Kasuwa pricing plans' },
};

/** A shortcode attribute's value: WordPress ends it at `"` and the shortcode at `]`, so those are entities. */
const shortcodeValue = (value: string) => escapeXml(value).replace(/[[\]]/g, (c) => (c === '[' ? '&#91;' : '&#93;'));

/** Labels of the WordPress snippet's lines, in the page's language (English by default). */
export type WordPressLabels = {
  shortcode: string;
  block: string;
  partner: string;
  campaign: string;
  language: string;
  css: string;
  followPage: string;
};
const ENGLISH_WORDPRESS: WordPressLabels = {
  shortcode: 'Shortcode',
  block: 'Or the block',
  partner: 'Partner code for this block',
  campaign: 'Campaign for this block',
  language: 'Language',
  css: 'Colours: Appearance → Customize → Additional CSS',
  followPage: 'The post’s language',
};

/**
 * The WordPress plugin: the shortcode, the block and its settings, and the custom properties as
 * Additional CSS (blocks and shortcodes take no style).
 */
export function wordpressSnippet(choice: BuilderChoice, labels: WordPressLabels = ENGLISH_WORDPRESS): string {
  const { shortcode, block } = SHORTCODES[choice.tag];
  const options: [string, string][] = [];
  if (takesCampaign(choice.tag)) options.push(['partner', partnerOf(choice)]);
  if (takesCampaign(choice.tag) && choice.campaign.trim()) options.push(['campaign', choice.campaign.trim()]);
  if (choice.lang) options.push(['lang', choice.lang]);
  const code = `[${shortcode}${options.map(([name, value]) => ` ${name}="${shortcodeValue(value)}"`).join('')}]`;
  const lines = [`<!-- ${labels.shortcode} -->`, code, '', `<!-- ${labels.block}: ${block} -->`];
  if (takesCampaign(choice.tag)) {
    lines.push(`${labels.partner}: ${partnerOf(choice)}`);
    lines.push(`${labels.campaign}: ${choice.campaign.trim()}`);
  }
  lines.push(`${labels.language}: ${choice.lang || labels.followPage}`);
  const css = customProperties(choice);
  if (css.length) {
    const companion = COMPANIONS[choice.tag];
    const selector = companion ? `${choice.tag}, ${companion}` : choice.tag;
    lines.push('', `/* ${labels.css} */`, `${selector} {`, ...css.map(([name, value]) => `  ${name}: ${value};`), '}');
  }
  return lines.join('\n');
}

/** A JSX attribute: a plain string when JSX reads it as written, else a JavaScript string. */
const jsxAttribute = (name: string, value: string) =>
  /^[^"&{}<>\\]*$/.test(value) ? `${name}="${value}"` : `${name}={${JSON.stringify(value)}}`;

const jsxStyle = (choice: BuilderChoice) =>
  `style={{ ${customProperties(choice)
    .map(([name, value]) => `'${name}': '${value}'`)
    .join(', ')} }}`;

/** React 19 with `@kasuwa/widgets` (docs/embed-react.md): load once, then the tag in JSX. */
export function reactSnippet(choice: BuilderChoice, origin = DEFAULT_PUBLIC_URL): string {
  const tags = markup(
    choice,
    jsxAttribute,
    () => jsxStyle(choice),
    () => ' />',
  );
  return [
    "import { loadKasuwaWidgets } from '@kasuwa/widgets';",
    "import '@kasuwa/widgets/react';",
    '',
    `void loadKasuwaWidgets({ origin: ${JSON.stringify(origin)} });`,
    '',
    'export function KasuwaWidget() {',
    '  return (',
    '    <>',
    ...tags.split('\n').map((line) => `      ${line}`),
    '    </>',
    '  );',
    '}',
  ].join('\n');
}

/** Vue 3 with `@kasuwa/widgets` (docs/embed-vue.md): load once, then the tag in a template. */
export function vueSnippet(choice: BuilderChoice, origin = DEFAULT_PUBLIC_URL): string {
  const tags = markup(
    choice,
    (name, value) => `${name}="${escapeXml(value)}"`,
    (css) => `style="${escapeXml(css)}"`,
    () => ' />',
  );
  return [
    '<script setup lang="ts">',
    "import { loadKasuwaWidgets } from '@kasuwa/widgets';",
    "import '@kasuwa/widgets/vue';",
    '',
    `void loadKasuwaWidgets({ origin: ${JSON.stringify(origin)} });`,
    '</script>',
    '',
    '<template>',
    ...tags.split('\n').map((line) => `  ${line}`),
    '</template>',
  ].join('\n');
}

export const FLAVOURS = ['html', 'pinned', 'wordpress', 'react', 'vue'] as const;
export type Flavour = (typeof FLAVOURS)[number];

/** Every flavour of one choice. */
export const snippets = (
  choice: BuilderChoice,
  origin = DEFAULT_PUBLIC_URL,
  labels?: WordPressLabels,
): Record<Flavour, string> => ({
  html: htmlSnippet(choice, origin),
  pinned: htmlSnippet(choice, origin, pinnedScriptTag),
  wordpress: wordpressSnippet(choice, labels),
  react: reactSnippet(choice, origin),
  vue: vueSnippet(choice, origin),
});
