import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { href } from '../locales.js';

/** Shown after a subscription payment in the mobile app (the app opens this page in a web view). */
export function subscriptionSuccessPage() {
  return html`<section class="section success">
  <div class="container success-card">
    <svg class="success-icon" width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="46" fill="#e8f3ee"/><circle cx="48" cy="48" r="34" fill="#0b6e4f"/>
      <path d="M32 49l11 11 21-23" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
    </svg>
    <h1>Subscription Payment Successful!</h1>
    <p class="lead">Cheers! Your subscription payment was successful</p>
    <p>Your new plan is active now. Return to the ${brand.name} app to keep selling; a receipt is on its way to your e-mail.</p>
    <p>Questions about your payment? Write to <a href="mailto:${brand.supportEmail}">${brand.supportEmail}</a>.</p>
    <p><a class="button button-primary" href=${href('/')}>Back to ${brand.name}</a></p>
  </div>
</section>`;
}
