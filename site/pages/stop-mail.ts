/**
 * What the stop-e-mails link in every mail opens (`/unsubscribe`): a question with one button (only its
 * POST acts, so a link scanner changes nothing), the confirmation, or why a changed link did nothing.
 * Plain HTML, no script; rendered by the server per request inside the site's layout.
 */
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import type { StopMailOutcome } from '../../common/page-renderers.js';
import type { Route } from '../routes.js';

function body(outcome: StopMailOutcome) {
  if (outcome.kind === 'confirm') {
    return html`<h1>Stop e-mails from ${brand.name}?</h1>
    <p>Someone entered <strong>${outcome.address}</strong> on our site or a partner's page, and we sent it our welcome e-mail. If that wasn't you, or you want no more e-mails from us, press the button: we will never e-mail this address again.</p>
    <form method="post" action="/unsubscribe">
      <input type="hidden" name="t" value=${outcome.token}>
      <button class="button button-primary" type="submit">Stop all e-mails to this address</button>
    </form>`;
  }
  if (outcome.kind === 'stopped') {
    return html`<h1>Done: no more e-mails</h1>
    <p role="status">We will not e-mail <strong>${outcome.address}</strong> again. Any e-mail still waiting to go to it was cancelled.</p>
    <p>To see or erase what we hold about this address, write to <a href="mailto:${brand.supportEmail}">${brand.supportEmail}</a> (our <a href="/privacy-policy#access">privacy policy</a> says how).</p>`;
  }
  return html`<h1>This link does not work</h1>
  <p role="alert">The link was changed or is for another address, so nothing was done. Open the link exactly as it came in the e-mail, or write to <a href="mailto:${brand.supportEmail}">${brand.supportEmail}</a> and we will stop the e-mails for you.</p>`;
}

export function stopMailRoute(outcome: StopMailOutcome): Route {
  return {
    path: '/unsubscribe',
    file: 'unsubscribe.html',
    title: () => `Stop e-mails · ${brand.name}`,
    description: () => `Stop all e-mails from ${brand.name} to your address.`,
    indexable: false,
    ...(outcome.kind === 'invalid' ? { status: 400 } : {}),
    body: () => html`<section class="section"><div class="container">${body(outcome)}</div></section>`,
  };
}
