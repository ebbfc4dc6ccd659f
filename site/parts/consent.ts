/**
 * The question asked before anything tracks (docs/site.md#cookies-and-consent), rendered with the page
 * only when a third-party ID is set; site/client/consent.ts opens it. A native modal <dialog>: it sits in
 * the top layer, so opening it moves nothing on the page, and it is never shown without JavaScript.
 */
import { msg } from '@lingui/core/macro';
import { html, nothing } from 'lit-html';
import { brand } from '../../common/brand.js';
import { href, pageConfig, t } from '../locales.js';

export const consentMessages = {
  title: msg({ id: 'site.consent.title', message: 'Cookies on {brand}' }),
  text: msg({
    id: 'site.consent.text',
    message:
      'We would like to use cookies to learn how people use this site, to measure our adverts and to offer a live chat. Nothing is set unless you say yes, and the site works the same either way.',
  }),
  withdraw: msg({
    id: 'site.consent.withdraw',
    message: 'You can change your mind at any time with Cookie settings at the bottom of every page.',
  }),
  acceptAll: msg({ id: 'site.consent.acceptAll', message: 'Accept all' }),
  rejectAll: msg({ id: 'site.consent.rejectAll', message: 'Reject all' }),
  choose: msg({ id: 'site.consent.choose', message: 'Choose' }),
  save: msg({ id: 'site.consent.save', message: 'Save my choice' }),
  categories: msg({ id: 'site.consent.categories', message: 'What may we use?' }),
  analytics: msg({
    id: 'site.consent.analytics',
    message: 'Analytics (Google Analytics): which pages are read and which buttons are pressed',
  }),
  marketing: msg({
    id: 'site.consent.marketing',
    message: 'Marketing (Meta pixel): whether our adverts on Facebook and Instagram bring readers here',
  }),
  chat: msg({ id: 'site.consent.chat', message: 'Chat (tawk.to): the live chat with our support team' }),
  settings: msg({ id: 'site.consent.settings', message: 'Cookie settings' }),
  chatNote: msg({ id: 'site.consent.chatNote', message: 'Pressing it loads our chat provider, tawk.to.' }),
  chatLoading: msg({ id: 'site.consent.chatLoading', message: 'Loading the chat…' }),
  chatAsk: msg({
    id: 'site.consent.chatAsk',
    message: 'The live chat comes from tawk.to, which sets its own cookies. Load it now?',
  }),
  chatYes: msg({ id: 'site.consent.chatYes', message: 'Load the chat' }),
  chatNo: msg({ id: 'site.consent.chatNo', message: 'Not now' }),
  close: msg({ id: 'site.consent.close', message: 'Close without answering' }),
};

/** Whether the page carries any third party, so it needs the question and the footer's control. */
export const asksConsent = () => {
  const config = pageConfig();
  return Boolean(config?.gaId || config?.pixelId || config?.chatId);
};

const category = (name: string, label: string) =>
  html`<label class="consent-category"><input type="checkbox" name=${name}> <span>${label}</span></label>`;

/** The question, at the end of <body>; nothing when no third party is configured. */
export function consentDialog() {
  const config = pageConfig();
  if (!asksConsent() || !config) return nothing;
  return html`<dialog class="consent" aria-labelledby="consent-title" aria-describedby="consent-text" data-consent>
  <form method="dialog">
    <button class="consent-close" type="button" data-consent-close aria-label=${t(consentMessages.close)}>×</button>
    <h2 id="consent-title" tabindex="-1">${t(consentMessages.title, { brand: brand.name })}</h2>
    <div id="consent-text"><p>${t(consentMessages.text)}</p><p>${t(consentMessages.withdraw)}</p></div>
    <fieldset class="consent-categories" id="consent-categories" hidden>
      <legend>${t(consentMessages.categories)}</legend>
      ${config.gaId ? category('analytics', t(consentMessages.analytics)) : nothing}
      ${config.pixelId ? category('marketing', t(consentMessages.marketing)) : nothing}
      ${config.chatId ? category('chat', t(consentMessages.chat)) : nothing}
      <button class="button button-primary" type="button" data-consent-answer="custom">${t(consentMessages.save)}</button>
    </fieldset>
    <p class="consent-buttons">
      <button class="button button-primary" type="button" data-consent-answer="all">${t(consentMessages.acceptAll)}</button>
      <button class="button button-primary" type="button" data-consent-answer="none">${t(consentMessages.rejectAll)}</button>
      <button class="button button-outline" type="button" aria-expanded="false" aria-controls="consent-categories" data-consent-choose>${t(consentMessages.choose)}</button>
    </p>
  </form>
</dialog>
${
  config.chatId
    ? html`<dialog class="consent" aria-labelledby="chat-consent-text" data-chat-consent>
  <form method="dialog">
    <p id="chat-consent-text">${t(consentMessages.chatAsk)}</p>
    <p class="consent-buttons">
      <button class="button button-primary" type="button" data-chat-answer="yes">${t(consentMessages.chatYes)}</button>
      <button class="button button-primary" type="button" data-chat-answer="no">${t(consentMessages.chatNo)}</button>
    </p>
  </form>
</dialog>`
    : nothing
}`;
}

/** The footer's way back to the question; without JavaScript it leads to the policy's cookies section. */
export function consentSettingsLink() {
  if (!asksConsent()) return nothing;
  return html`<li><a href=${href('/privacy-policy#cookies')} data-consent-open>${t(consentMessages.settings)}</a></li>`;
}

/** Our chat button (a facade: tawk.to loads only when it is pressed), and the sentence that says so. */
export function chatFacade(label: string) {
  if (!pageConfig()?.chatId) return nothing;
  return html`<button class="button button-outline-light" type="button" data-open-chat aria-describedby="chat-note">${label}</button>
        <span class="chat-note" id="chat-note">${t(consentMessages.chatNote)}</span>
        <span class="chat-loading" role="status" data-chat-status data-loading=${t(consentMessages.chatLoading)}></span>`;
}

/** In the privacy policy's cookies section: the same control, in the page's language. */
export function consentSettingsParagraph() {
  if (!asksConsent()) return nothing;
  return html`<p><a href="#cookies" data-consent-open>${t(consentMessages.settings)}</a></p>`;
}
