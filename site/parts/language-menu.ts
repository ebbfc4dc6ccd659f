import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { localePath, PAGE_LOCALES } from '../../common/locale-paths.js';
import { LANGUAGE_NAMES, pageLocale, pagePath, t } from '../locales.js';

const globe = html`<svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" stroke-width="1.8"/></svg>`;

/**
 * Plain links to this page in each language, each name written in its own language (`lang`) and the
 * link's target language announced (`hreflang`); the current one is marked, not hidden. No script:
 * it works as it is, in the header's <details> and in the footer.
 */
export function languageList(className: string) {
  const current = pageLocale();
  return html`<ul class=${className}>
  ${PAGE_LOCALES.map(
    (locale) =>
      html`<li><a href=${localePath(locale, pagePath())} lang=${locale} hreflang=${locale} aria-current=${locale === current ? 'page' : 'false'}>${LANGUAGE_NAMES[locale]}</a></li>`,
  )}
</ul>`;
}

/**
 * The header's language menu: a native <details> (Enter or Space opens it, no script), its summary
 * naming the page's language.
 */
export function languageMenu() {
  const current = pageLocale();
  const label = t(msg({ id: 'site.language', message: 'Language' }));
  return html`<details class="lang-menu">
  <summary>${globe}<span class="visually-hidden">${label}: </span><span lang=${current}>${LANGUAGE_NAMES[current]}</span></summary>
  ${languageList('lang-list')}
</details>`;
}
