import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { href, t } from '../locales.js';

const subscriptionSuccessText = {
  heading: msg({ id: 'site.subscriptionSuccess.heading', message: 'Subscription Payment Successful!' }),
  lead: msg({ id: 'site.subscriptionSuccess.lead', message: 'Cheers! Your subscription payment was successful' }),
  text: msg({
    id: 'site.subscriptionSuccess.text',
    message:
      'Your new plan is active now. Return to the {brand} app to keep selling; a receipt is on its way to your e-mail.',
  }),
  questions: msg({ id: 'site.subscriptionSuccess.questions', message: 'Questions about your payment? Write to' }),
  back: msg({ id: 'site.subscriptionSuccess.back', message: 'Back to {brand}' }),
};

/** Shown after a subscription payment in the mobile app (the app opens this page in a web view). */
export function subscriptionSuccessPage() {
  return html`<section class="section success">
  <div class="container success-card">
    <svg class="success-icon" width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="46" fill="#e8f3ee"/><circle cx="48" cy="48" r="34" fill="#0b6e4f"/>
      <path d="M32 49l11 11 21-23" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
    </svg>
    <h1>${t(subscriptionSuccessText.heading)}</h1>
    <p class="lead">${t(subscriptionSuccessText.lead)}</p>
    <p>${t(subscriptionSuccessText.text, { brand: brand.name })}</p>
    <p>${t(subscriptionSuccessText.questions)} <a href="mailto:${brand.supportEmail}">${brand.supportEmail}</a>.</p>
    <p><a class="button button-primary" href=${href('/')}>${t(subscriptionSuccessText.back, { brand: brand.name })}</a></p>
  </div>
</section>`;
}
