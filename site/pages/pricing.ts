import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { translatorFor } from '../../common/lingui.js';
import { formatNaira } from '../../common/money.js';
import { ANNUAL_SAVING_LABEL, DEFAULT_BILLING_PERIOD, periodLabel, plans } from '../../common/plans.js';
import { faqs, faqValues } from '../content/faq.js';
import { href, t, tWithMarkup } from '../locales.js';
import { contactBlock } from '../parts/contact.js';
import { insightsIllustration, inventoryIllustration } from '../parts/pictures.js';

const pricingText = {
  period: msg({ id: 'site.pricing.periodNote', message: 'Prices per year · {saving} against paying monthly' }),
  recommended: msg({ id: 'site.pricing.recommended', message: 'Recommended' }),
  orMonthly: msg({ id: 'site.pricing.orMonthly', message: 'or {price}/month' }),
  getStarted: msg({ id: 'site.pricing.getStarted', message: 'Get Started' }),
  heading: msg({ id: 'site.pricing.heading', message: 'Choose Your Plan' }),
  lead: msg({
    id: 'site.pricing.lead',
    message:
      'Start free and upgrade when your sales grow. Every plan includes your own store website, secure local payments and payouts to your bank within one business day.',
  }),
  benefitsTitle: msg({ id: 'site.pricing.benefits.title', message: 'What every plan gives your business' }),
  inventoryTitle: msg({ id: 'site.pricing.benefits.inventory.title', message: 'Inventory and order management.' }),
  inventoryText: msg({
    id: 'site.pricing.benefits.inventory.text',
    message: 'Stock that updates with every sale and orders you can track from paid to delivered.',
  }),
  insightsTitle: msg({ id: 'site.pricing.benefits.insights.title', message: 'Insights.' }),
  insightsText: msg({
    id: 'site.pricing.benefits.insights.text',
    message: 'Revenue, best sellers and returning customers at a glance, so you know what to restock.',
  }),
  faqsTitle: msg({ id: 'site.pricing.faqs.title', message: 'Frequently asked questions' }),
  moreAnswers: msg({ id: 'site.pricing.faqs.more', message: 'More answers in the' }),
  helpCenter: msg({ id: 'site.pricing.faqs.helpCenter', message: '{brand} Help Center' }),
};

/** The light-DOM fallback of <pricing-plans>: the same four plans as a static strip, annual prices. */
/** Analytics labels stay English whatever the page's language (docs/site.md). */
const english = translatorFor('en');

/** "Prices per year · **Save 33%** against paying monthly": the saving in bold, inside the sentence. */
function periodNote() {
  return tWithMarkup(pricingText.period, { saving: html`<strong>${t(ANNUAL_SAVING_LABEL)}</strong>` });
}

function pricingPlansFallback() {
  const period = DEFAULT_BILLING_PERIOD;
  return html`<div class="plans-fallback">
  <p class="plans-period">${periodNote()}</p>
  <ul class="plan-strip">
    ${plans.map(
      (plan) => html`<li class="plan ${plan.recommended ? 'plan-recommended' : ''}">
      ${plan.recommended ? html`<p class="badge">${t(pricingText.recommended)}</p>` : ''}
      <h2>${t(plan.title)}</h2>
      <p class="plan-description">${t(plan.description)}</p>
      <p class="plan-price">${formatNaira(plan.prices[period])}<span>${t(periodLabel(period))}</span></p>
      ${plan.free ? '' : html`<p class="plan-monthly">${t(pricingText.orMonthly, { price: formatNaira(plan.prices.monthly) })}</p>`}
      <a class="button button-primary" href=${href('/#signup')} data-start-selling data-analytics-label="Get Started: ${english(plan.title)}">${t(pricingText.getStarted)}</a>
      <ul class="checks">${plan.benefits.map((b) => html`<li>${t(b)}</li>`)}</ul>
    </li>`,
    )}
  </ul>
</div>`;
}

export function pricingPage() {
  return html`<section class="section pricing-head">
  <div class="container">
    <h1 class="center">${t(pricingText.heading)}</h1>
    <p class="section-lead center">${t(pricingText.lead)}</p>
    <pricing-plans>${pricingPlansFallback()}</pricing-plans>
  </div>
</section>
<section class="section render-when-near section-tint" aria-labelledby="benefits-title">
  <div class="container">
    <h2 id="benefits-title" class="section-title center">${t(pricingText.benefitsTitle)}</h2>
    <div class="benefits">
      <figure>
        ${inventoryIllustration()}
        <figcaption><strong>${t(pricingText.inventoryTitle)}</strong> ${t(pricingText.inventoryText)}</figcaption>
      </figure>
      <figure>
        ${insightsIllustration()}
        <figcaption><strong>${t(pricingText.insightsTitle)}</strong> ${t(pricingText.insightsText)}</figcaption>
      </figure>
    </div>
  </div>
</section>
<section class="section render-when-near" id="faqs" aria-labelledby="faqs-title">
  <div class="container faq-container">
    <h2 id="faqs-title" class="section-title center">${t(pricingText.faqsTitle)}</h2>
    <div class="faq">
      ${faqs.map(
        (faq, i) => html`<details name="faq" ?open=${i === 0}>
        <summary>${t(faq.question, faqValues)}</summary>
        <p>${t(faq.answer, faqValues)}</p>
      </details>`,
      )}
    </div>
    <p class="center">${t(pricingText.moreAnswers)} <a href=${brand.links.helpCenter} rel="noopener" target="_blank">${t(pricingText.helpCenter, { brand: brand.name })}</a>.</p>
  </div>
</section>
${contactBlock()}`;
}
