/**
 * What `POST /start-selling` (the no-JavaScript signup) answers: a plain confirmation, or the form again
 * with its error. Rendered by the server per request inside the site's layout.
 */

import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import type { SignupOutcome } from '../../common/page-renderers.js';
import { href, pageLocale, t } from '../locales.js';
import { headerMessages } from '../parts/header.js';
import { signupFormMessages } from '../parts/start-selling-form.js';
import type { Route } from '../route.js';

const startSellingResultText = {
  checkEmail: msg({ id: 'site.signupResult.checkEmail', message: 'Kindly check your email' }),
  sent: msg({
    id: 'site.signupResult.sent',
    message:
      'We have sent you a download link and step-by-step instructions to set up your store and start selling today.',
  }),
  nothingThere: msg({
    id: 'site.signupResult.nothingThere',
    message: 'Nothing there? Look in your spam folder, or write to',
  }),
  home: msg({ id: 'site.signupResult.home', message: 'Back to the home page' }),
  heading: msg({ id: 'site.signupResult.heading', message: 'Start Selling with Ease!' }),
  intro: msg({
    id: 'site.signupResult.intro',
    message:
      'Enter your email to receive a download link and step-by-step instructions to set up your store and start selling today.',
  }),
  description: msg({
    id: 'site.signupResult.description',
    message: 'Get the download link and setup instructions by e-mail.',
  }),
};

function confirmation() {
  return html`<section class="section">
  <div class="container">
    <h1>${t(startSellingResultText.checkEmail)}</h1>
    <p>${t(startSellingResultText.sent)}</p>
    <p>${t(startSellingResultText.nothingThere)} <a href="mailto:${brand.supportEmail}">${brand.supportEmail}</a>.</p>
    <p><a class="button button-primary" href=${href('/')}>${t(startSellingResultText.home)}</a></p>
  </div>
</section>`;
}

function formAgain(outcome: Extract<SignupOutcome, { ok: false }>) {
  return html`<section class="section">
  <div class="container">
    <h1>${t(startSellingResultText.heading)}</h1>
    <p>${t(startSellingResultText.intro)}</p>
    <form class="start-selling-fallback" method="post" action="/start-selling">
      <label for="signup-email">${t(signupFormMessages.email)}</label>
      <div class="fallback-row">
        <input id="signup-email" name="email" type="email" autocomplete="email" required value=${outcome.email} aria-invalid="true" aria-describedby="signup-error">
        <button class="button button-primary" type="submit">${t(headerMessages.startSelling)}</button>
      </div>
      <p id="signup-error" class="form-error" role="alert">${outcome.message}</p>
      ${outcome.ref ? html`<input type="hidden" name="partner" value=${outcome.ref}>` : ''}
      ${outcome.campaign ? html`<input type="hidden" name="campaign" value=${outcome.campaign}>` : ''}
      ${outcome.source ? html`<input type="hidden" name="source" value=${outcome.source}>` : ''}
      <input type="hidden" name="locale" value=${pageLocale()}>
      <div class="hp" aria-hidden="true"><label>${t(signupFormMessages.leaveEmpty)}<input name="website" tabindex="-1" autocomplete="off"></label></div>
    </form>
  </div>
</section>`;
}

export function startSellingResultRoute(outcome: SignupOutcome): Route {
  return {
    path: '/start-selling',
    languagePath: '/', // the answer to a POST has no address to show again: the home page in each language
    file: 'start-selling.html',
    title: () => `${t(outcome.ok ? startSellingResultText.checkEmail : headerMessages.startSelling)} · ${brand.name}`,
    description: startSellingResultText.description,
    body: () => (outcome.ok ? confirmation() : formAgain(outcome)),
  };
}
