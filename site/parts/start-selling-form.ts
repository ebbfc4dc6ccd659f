import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { pageLocale, t } from '../locales.js';
import { headerMessages } from './header.js';

export const signupFormMessages = {
  email: msg({ id: 'site.signup.emailLabel', message: 'Email address' }),
  leaveEmpty: msg({ id: 'site.signup.honeypot', message: 'Leave this empty' }),
};

/**
 * `<start-selling-form>` as the site places it, with light-DOM fallback content: a plain form that
 * posts to /start-selling, so the page works before (or without) the widget script. Its hidden `locale`
 * (the page's language) gets the answer page and the welcome mail in that language.
 */
export function startSellingForm(id: string) {
  return html`<start-selling-form>
  <form class="start-selling-fallback" method="post" action="/start-selling">
    <label for="${id}-email">${t(signupFormMessages.email)}</label>
    <div class="fallback-row">
      <input id="${id}-email" name="email" type="email" autocomplete="email" required placeholder="you@example.com">
      <button class="button button-primary" type="submit">${t(headerMessages.startSelling)}</button>
    </div>
    <input type="hidden" name="locale" value=${pageLocale()}>
    <div class="hp" aria-hidden="true"><label>${t(signupFormMessages.leaveEmpty)}<input name="website" tabindex="-1" autocomplete="off"></label></div>
  </form>
</start-selling-form>`;
}
