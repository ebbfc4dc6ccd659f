/**
 * Lingui's runtime on the server and at build time (site pages, e-mails): one i18n instance per
 * language with every compiled message (common/locales/<lang>.ts). Not for the widgets: they read
 * their smaller catalogs with formatMessage (common/i18n.ts).
 *   i18nFor('ha')._(msg({ id: 'mail.welcome.subject', message: 'Welcome to Kasuwa, {name}' }), { name })
 */
import { type I18n, setupI18n } from '@lingui/core';
import type { Catalog, DisplayLocale, Translate } from './i18n.js';
import { messages as en } from './locales/en.js';
import { messages as ha } from './locales/ha.js';
import { messages as ig } from './locales/ig.js';
import { messages as pcm } from './locales/pcm.js';
import { messages as pseudo } from './locales/pseudo.js';
import { messages as yo } from './locales/yo.js';

const catalogs: Record<DisplayLocale, Catalog> = { en, pcm, ha, yo, ig, pseudo };
const instances = new Map<DisplayLocale, I18n>();

/** The i18n instance for a language (resolveLocale first for a tag from outside). */
export function i18nFor(locale: DisplayLocale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    // Plural rules are the language's; amounts and dates are passed in already formatted en-NG
    // (common/money.ts), as in every language (docs/languages.md).
    const rules = locale === 'pseudo' ? 'en' : locale;
    i18n = setupI18n({ locale, locales: [rules, 'en-NG'], messages: { [locale]: catalogs[locale] } });
    instances.set(locale, i18n);
  }
  return i18n;
}

/** `t(message, values)` in one language: the shape shared code takes (common/leaderboard-view.ts). */
export const translatorFor =
  (locale: DisplayLocale): Translate =>
  (message, values) =>
    i18nFor(locale)._({ id: message.id, values });
