import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import type { Message } from '../../common/i18n.js';
import { i18nFor } from '../../common/lingui.js';
import { formatNaira } from '../../common/money.js';
import { ANNUAL_SAVING_LABEL, DEFAULT_BILLING_PERIOD, periodLabel, plans } from '../../common/plans.js';
import { faqs } from '../content/faq.js';
import { contactBlock } from '../parts/contact.js';
import { insightsIllustration, inventoryIllustration } from '../parts/pictures.js';

// English until the site is in five languages (issue 26, item 4): the plans' texts are messages now.
const en = (message: Message) => i18nFor('en')._(message);

/** The light-DOM fallback of <pricing-plans>: the same four plans as a static strip, annual prices. */
function pricingPlansFallback() {
  const period = DEFAULT_BILLING_PERIOD;
  return html`<div class="plans-fallback">
  <p class="plans-period">Prices per year · <strong>${en(ANNUAL_SAVING_LABEL)}</strong> against paying monthly</p>
  <ul class="plan-strip">
    ${plans.map(
      (plan) => html`<li class="plan ${plan.recommended ? 'plan-recommended' : ''}">
      ${plan.recommended ? html`<p class="badge">Recommended</p>` : ''}
      <h2>${en(plan.title)}</h2>
      <p class="plan-description">${en(plan.description)}</p>
      <p class="plan-price">${formatNaira(plan.prices[period])}<span>${en(periodLabel(period))}</span></p>
      ${plan.free ? '' : html`<p class="plan-monthly">or ${formatNaira(plan.prices.monthly)}/month</p>`}
      <a class="button button-primary" href="/#signup" data-start-selling data-analytics-label="Get Started: ${en(plan.title)}">Get Started</a>
      <ul class="checks">${plan.benefits.map((b) => html`<li>${en(b)}</li>`)}</ul>
    </li>`,
    )}
  </ul>
</div>`;
}

export function pricingPage() {
  return html`<section class="section pricing-head">
  <div class="container">
    <h1 class="center">Choose Your Plan</h1>
    <p class="section-lead center">Start free and upgrade when your sales grow. Every plan includes your own store website, secure local payments and payouts to your bank within one business day.</p>
    <pricing-plans>${pricingPlansFallback()}</pricing-plans>
  </div>
</section>
<section class="section section-tint" aria-labelledby="benefits-title">
  <div class="container">
    <h2 id="benefits-title" class="section-title center">What every plan gives your business</h2>
    <div class="benefits">
      <figure>
        ${inventoryIllustration()}
        <figcaption><strong>Inventory and order management.</strong> Stock that updates with every sale and orders you can track from paid to delivered.</figcaption>
      </figure>
      <figure>
        ${insightsIllustration()}
        <figcaption><strong>Insights.</strong> Revenue, best sellers and returning customers at a glance, so you know what to restock.</figcaption>
      </figure>
    </div>
  </div>
</section>
<section class="section" id="faqs" aria-labelledby="faqs-title">
  <div class="container faq-container">
    <h2 id="faqs-title" class="section-title center">Frequently asked questions</h2>
    <div class="faq">
      ${faqs.map(
        (faq, i) => html`<details name="faq" ?open=${i === 0}>
        <summary>${faq.question}</summary>
        <p>${faq.answer}</p>
      </details>`,
      )}
    </div>
    <p class="center">More answers in the <a href=${brand.links.helpCenter} rel="noopener" target="_blank">${brand.name} Help Center</a>.</p>
  </div>
</section>
${contactBlock()}`;
}
