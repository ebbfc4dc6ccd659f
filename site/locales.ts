/**
 * The language of the page being rendered, and how the site names each language. The parts read the
 * page's language from here (pageLocale, href) to write their links and text, so the templates need no
 * locale argument. Rendering is synchronous (site/render.ts), so one page's language never leaks
 * into another's.
 */
import type { MessageDescriptor } from '@lingui/core';
import { html, type TemplateResult } from 'lit-html';
import type { DisplayLocale } from '../common/i18n.js';
import { i18nFor } from '../common/lingui.js';
import { DEFAULT_PAGE_LOCALE, localePath, type PageLocale } from '../common/locale-paths.js';
import type { SiteConfig } from './config.js';

/** Each language's name in itself, as the language menu shows it. */
export { LOCALE_NAMES as LANGUAGE_NAMES } from '../common/i18n.js';
export { PAGE_LOCALES, type PageLocale } from '../common/locale-paths.js';

/** Open Graph's locale (language_TERRITORY). */
export const OG_LOCALES: Record<PageLocale, string> = {
  en: 'en_NG',
  pcm: 'pcm_NG',
  ha: 'ha_NG',
  yo: 'yo_NG',
  ig: 'ig_NG',
};

/** `pseudo` (docs/languages.md): English lengthened by 40%, rendered only by the overflow test, with English links. */
type PageBeingRendered = { locale: PageLocale | 'pseudo'; path: string; config?: SiteConfig };
let current: PageBeingRendered = { locale: DEFAULT_PAGE_LOCALE, path: '/' };

/** The deployment's settings the page is rendered with (the third-party IDs decide the consent parts). */
export function pageConfig(): SiteConfig | undefined {
  return current.config;
}

/** The `lang` of the page being rendered: its language, or `pseudo` (so the widgets on it lengthen their text too). */
export function pageLang(): string {
  return current.locale;
}

/** The language of the page being rendered (English for the pseudo-locale: its links and forms are English). */
export function pageLocale(): PageLocale {
  return current.locale === 'pseudo' ? DEFAULT_PAGE_LOCALE : current.locale;
}

/** The page being rendered, without its language prefix (with its query, if any): the language menu's target. */
export function pagePath(): string {
  return current.path;
}

/** Runs a (synchronous) render of the page at `path` in `locale`. */
export function inPage<T>(page: PageBeingRendered, render: () => T): T {
  const before = current;
  current = page;
  try {
    return render();
  } finally {
    current = before;
  }
}

/** A link to one of our pages, in the page's language. */
export function href(path: string): string {
  return localePath(pageLocale(), path);
}

/** A message (declared with Lingui's `msg` macro) in the page's language, with its values. */
export function t(message: MessageDescriptor, values?: Record<string, string | number>): string {
  return i18nFor(current.locale as DisplayLocale)._({ ...message, values });
}

/**
 * A message some of whose values are markup (`We will not e-mail <strong>{address}</strong> again`):
 * the translation decides where they go; its text is escaped as any other, the markup is kept.
 */
export function tWithMarkup(
  message: MessageDescriptor,
  values: Record<string, string | number | TemplateResult>,
): TemplateResult {
  const markup: TemplateResult[] = [];
  const plain: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'object') {
      plain[name] = `\uE000${markup.length}\uE001`; // private-use characters: in no translation
      markup.push(value);
    } else plain[name] = value;
  }
  // split() with a group: text at even indexes, the markup's index at odd ones.
  const parts = t(message, plain).split(/\uE000(\d+)\uE001/);
  return html`${parts.map((part, i) => (i % 2 ? markup[Number(part)] : part))}`;
}
