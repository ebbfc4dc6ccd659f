import { html } from 'lit-html';
import type { Locale } from '../../common/i18n.js';

/**
 * `<start-selling-form>` as the site places it, with light-DOM fallback content: a plain form that
 * posts to /start-selling, so the page works before (or without) the widget script. Its hidden
 * `locale` is the page's language, the welcome mail's (docs/languages.md).
 */
export function startSellingForm(id: string, locale: Locale = 'en') {
  return html`<start-selling-form>
  <form class="start-selling-fallback" method="post" action="/start-selling">
    <label for="${id}-email">Email address</label>
    <div class="fallback-row">
      <input id="${id}-email" name="email" type="email" autocomplete="email" required placeholder="you@example.com">
      <button class="button button-primary" type="submit">Start Selling</button>
    </div>
    <input type="hidden" name="locale" value=${locale}>
    <div class="hp" aria-hidden="true"><label>Leave this empty<input name="website" tabindex="-1" autocomplete="off"></label></div>
  </form>
</start-selling-form>`;
}
