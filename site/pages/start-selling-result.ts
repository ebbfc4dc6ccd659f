/**
 * What `POST /start-selling` (the no-JavaScript signup) answers: a plain confirmation, or the form again
 * with its error. Rendered by the server per request inside the site's layout.
 */
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import type { SignupOutcome } from '../../common/page-renderers.js';
import type { Route } from '../routes.js';

function confirmation() {
  return html`<section class="section">
  <div class="container">
    <h1>Kindly check your email</h1>
    <p>We have sent you a download link and step-by-step instructions to set up your store and start selling today.</p>
    <p>Nothing there? Look in your spam folder, or write to <a href="mailto:${brand.supportEmail}">${brand.supportEmail}</a>.</p>
    <p><a class="button button-primary" href="/">Back to the home page</a></p>
  </div>
</section>`;
}

function formAgain(outcome: Extract<SignupOutcome, { ok: false }>) {
  return html`<section class="section">
  <div class="container">
    <h1>Start Selling with Ease!</h1>
    <p>Enter your email to receive a download link and step-by-step instructions to set up your store and start selling today.</p>
    <form class="start-selling-fallback" method="post" action="/start-selling">
      <label for="signup-email">Email address</label>
      <div class="fallback-row">
        <input id="signup-email" name="email" type="email" autocomplete="email" required value=${outcome.email} aria-invalid="true" aria-describedby="signup-error">
        <button class="button button-primary" type="submit">Start Selling</button>
      </div>
      <p id="signup-error" class="form-error" role="alert">${outcome.message}</p>
      ${outcome.ref ? html`<input type="hidden" name="partner" value=${outcome.ref}>` : ''}
      ${outcome.source ? html`<input type="hidden" name="source" value=${outcome.source}>` : ''}
      ${outcome.locale ? html`<input type="hidden" name="locale" value=${outcome.locale}>` : ''}
      <div class="hp" aria-hidden="true"><label>Leave this empty<input name="website" tabindex="-1" autocomplete="off"></label></div>
    </form>
  </div>
</section>`;
}

export function startSellingResultRoute(outcome: SignupOutcome): Route {
  return {
    path: '/start-selling',
    file: 'start-selling.html',
    title: outcome.ok ? `Kindly check your email · ${brand.name}` : `Start Selling · ${brand.name}`,
    description: 'Get the download link and setup instructions by e-mail.',
    body: () => (outcome.ok ? confirmation() : formAgain(outcome)),
  };
}
