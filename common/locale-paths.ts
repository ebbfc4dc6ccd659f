/**
 * The site's languages as URLs (docs/site.md#languages): English at `/`, the others under a prefix
 * (`/pcm/`, `/ha/pricing`, `/yo/new-year-sales`). Shared by the site, which writes the pages and their
 * links, and the server, which answers an unknown path under a prefix with that language's 404 page.
 */

import { isLocale, LOCALES, type Locale, SOURCE_LOCALE } from './i18n.js';

/** The five languages, English first (common/i18n.ts). */
export const PAGE_LOCALES = LOCALES;
export type PageLocale = Locale;
export const DEFAULT_PAGE_LOCALE: PageLocale = SOURCE_LOCALE;
export const isPageLocale = isLocale;

/** `/ha/pricing` → `{ locale: 'ha', path: '/pricing' }`; `/pcm` and `/pcm/` → the Pidgin home page. */
export function splitLocale(pathname: string): { locale: PageLocale; path: string } {
  const match = /^\/([a-z]{2,3})(\/.*)?$/.exec(pathname);
  const locale = match?.[1];
  if (locale && locale !== DEFAULT_PAGE_LOCALE && isPageLocale(locale)) return { locale, path: match?.[2] || '/' };
  return { locale: DEFAULT_PAGE_LOCALE, path: pathname };
}

/** A site path (`/`, `/pricing#faqs`, `/#signup`) in a language: `/yo/`, `/yo/pricing#faqs`, `/yo/#signup`. */
export function localePath(locale: PageLocale, path: string): string {
  if (locale === DEFAULT_PAGE_LOCALE || !path.startsWith('/')) return path;
  return `/${locale}${path}`;
}

/** Where a page of that language is written in dist/site: `ha/pricing.html`, `yo/index.html`. */
export function localeFile(locale: PageLocale, file: string): string {
  return locale === DEFAULT_PAGE_LOCALE ? file : `${locale}/${file}`;
}
