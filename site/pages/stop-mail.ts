/**
 * What the stop-e-mails link in every mail opens (`/unsubscribe`, `/ha/unsubscribe`: the mail's
 * language): a question with one button (only its POST acts, so a link scanner changes nothing), the
 * confirmation, or why a changed link did nothing. Plain HTML, no script; rendered by the server per
 * request inside the site's layout, in the language of the address's prefix.
 */
import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { STOP_PATH, type StopMailOutcome } from '../../common/page-renderers.js';
import { href, t, tWithMarkup } from '../locales.js';
import type { Route } from '../route.js';

const stopMailText = {
  title: msg({ id: 'site.stopMail.title', message: 'Stop e-mails' }),
  description: msg({ id: 'site.stopMail.description', message: 'Stop all e-mails from {brand} to your address.' }),
  confirmHeading: msg({ id: 'site.stopMail.confirm.heading', message: 'Stop e-mails from {brand}?' }),
  confirmText: msg({
    id: 'site.stopMail.confirm.text',
    message:
      "Someone entered {address} on our site or a partner's page, and we sent it our welcome e-mail. If that wasn't you, or you want no more e-mails from us, press the button: we will never e-mail this address again.",
  }),
  button: msg({ id: 'site.stopMail.confirm.button', message: 'Stop all e-mails to this address' }),
  stoppedHeading: msg({ id: 'site.stopMail.stopped.heading', message: 'Done: no more e-mails' }),
  stoppedText: msg({
    id: 'site.stopMail.stopped.text',
    message: 'We will not e-mail {address} again. Any e-mail still waiting to go to it was cancelled.',
  }),
  stoppedAccess: msg({
    id: 'site.stopMail.stopped.access',
    message: 'To see or erase what we hold about this address, write to {email} (our {policy} says how).',
  }),
  policy: msg({ id: 'site.stopMail.stopped.policy', message: 'privacy policy' }),
  invalidHeading: msg({ id: 'site.stopMail.invalid.heading', message: 'This link does not work' }),
  invalidText: msg({
    id: 'site.stopMail.invalid.text',
    message:
      'The link was changed or is for another address, so nothing was done. Open the link exactly as it came in the e-mail, or write to {email} and we will stop the e-mails for you.',
  }),
};

const supportLink = () => html`<a href="mailto:${brand.supportEmail}">${brand.supportEmail}</a>`;

function body(outcome: StopMailOutcome) {
  if (outcome.kind === 'confirm') {
    return html`<h1>${t(stopMailText.confirmHeading, { brand: brand.name })}</h1>
    <p>${tWithMarkup(stopMailText.confirmText, { address: html`<strong>${outcome.address}</strong>` })}</p>
    <form method="post" action=${href(STOP_PATH)}>
      <input type="hidden" name="t" value=${outcome.token}>
      <button class="button button-primary" type="submit">${t(stopMailText.button)}</button>
    </form>`;
  }
  if (outcome.kind === 'stopped') {
    return html`<h1>${t(stopMailText.stoppedHeading)}</h1>
    <p role="status">${tWithMarkup(stopMailText.stoppedText, { address: html`<strong>${outcome.address}</strong>` })}</p>
    <p>${tWithMarkup(stopMailText.stoppedAccess, { email: supportLink(), policy: html`<a href=${href('/privacy-policy#access')}>${t(stopMailText.policy)}</a>` })}</p>`;
  }
  return html`<h1>${t(stopMailText.invalidHeading)}</h1>
  <p role="alert">${tWithMarkup(stopMailText.invalidText, { email: supportLink() })}</p>`;
}

export function stopMailRoute(outcome: StopMailOutcome): Route {
  return {
    path: STOP_PATH,
    // The question in another language keeps its link; the answer to a POST has no address to show again.
    languagePath: outcome.kind === 'confirm' ? `${STOP_PATH}?${new URLSearchParams({ t: outcome.token })}` : '/',
    file: 'unsubscribe.html',
    // The stop link's token is in the address (GET, and a mail client's one-click POST).
    secretInAddress: true,
    title: () => `${t(stopMailText.title)} · ${brand.name}`,
    description: () => t(stopMailText.description, { brand: brand.name }),
    indexable: false,
    ...(outcome.kind === 'invalid' ? { status: 400 } : {}),
    body: () => html`<section class="section"><div class="container">${body(outcome)}</div></section>`,
  };
}
