import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { GRANT_PLACES, PRIZES_NAIRA } from '../../common/campaign.js';
import { formatNaira } from '../../common/money.js';
import { plans } from '../../common/plans.js';
import { href, t, tWithMarkup } from '../locales.js';
import { contactBlock } from '../parts/contact.js';
import { icon } from '../parts/icons.js';
import { storefrontPhone } from '../parts/pictures.js';
import { storeRankCheckerForm } from '../parts/store-rank-checker-form.js';

const cards = [
  {
    icon: 'tag',
    title: msg({ id: 'site.newYearSales.card.discounts.title', message: 'Discounts & Coupons' }),
    text: msg({
      id: 'site.newYearSales.card.discounts.text',
      message:
        'Run a New Year sale in two taps: percentage or naira discounts, coupon codes for your loyal customers, and limits so a code is not shared on every group chat.',
    }),
  },
  {
    icon: 'box',
    title: msg({ id: 'site.newYearSales.card.inventory.title', message: 'Inventory & Order Management' }),
    text: msg({
      id: 'site.newYearSales.card.inventory.text',
      message:
        'Every order from your website, Instagram and WhatsApp in one list, with stock that updates itself, so you never sell what you no longer have.',
    }),
  },
  {
    icon: 'cart',
    title: msg({ id: 'site.newYearSales.card.checkout.title', message: 'Invoicing & Checkout' }),
    text: msg({
      id: 'site.newYearSales.card.checkout.text',
      message:
        'A checkout that takes cards, transfers and USSD in naira, and an invoice or receipt for every sale, sent before your customer has closed the chat.',
    }),
  },
] as const;

const steps = [
  {
    title: msg({ id: 'site.newYearSales.step1.title', message: 'Sign up or reactivate your account' }),
    text: msg({
      id: 'site.newYearSales.step1.text',
      message: 'Enter your e-mail or download the {brand} app. Already have an account? Log in and it is active again.',
    }),
  },
  {
    title: msg({ id: 'site.newYearSales.step2.title', message: 'Set up your online store in minutes' }),
    text: msg({
      id: 'site.newYearSales.step2.text',
      message:
        'Add your business name, an account number for payouts and your first products. Your website is live immediately.',
    }),
  },
  {
    title: msg({ id: 'site.newYearSales.step3.title', message: 'Start selling' }),
    text: msg({
      id: 'site.newYearSales.step3.text',
      message:
        'Share your store link, take orders and watch your sales climb the leaderboard until the contest closes.',
    }),
  },
];

const newYearSalesText = {
  eyebrow: msg({ id: 'site.newYearSales.hero.eyebrow', message: 'New Year Sales · {brand}' }),
  heading: msg({ id: 'site.newYearSales.hero.heading', message: 'New year, fresh start. Sell more this year.' }),
  lead: msg({
    id: 'site.newYearSales.hero.lead',
    message:
      'Start the year with a store that works while you sleep. Sell more with discounts, coupons and a checkout your customers trust, get one month of Pro free, and compete for {total} in cash grants for the top ten sellers.',
  }),
  startNow: msg({ id: 'site.newYearSales.startNow', message: 'Start Selling Now!' }),
  win: msg({ id: 'site.newYearSales.win', message: 'Stand a chance to win!' }),
  featuresTitle: msg({
    id: 'site.newYearSales.features.title',
    message: 'Everything to make this your best-selling year',
  }),
  grantsTitle: msg({ id: 'site.newYearSales.grants.title', message: 'Cash grants for the top sellers' }),
  grantsLead: msg({
    id: 'site.newYearSales.grants.lead',
    message:
      'The {count} vendors with the highest sales on {brand} during the campaign share {total}. The top {grantPlaces} win cash grants; the next {runnerUps} runner-ups win {lowest} to {highest} each, plus {brand} merchandise.',
  }),
  place: msg({
    id: 'site.newYearSales.grants.place',
    message: '{place, selectordinal, one {#st place} two {#nd place} few {#rd place} other {#th place}}',
  }),
  cashGrant: msg({ id: 'site.newYearSales.grants.cashGrant', message: 'cash grant' }),
  runnerUpPlaces: msg({ id: 'site.newYearSales.grants.runnerUpPlaces', message: '{first}th to {last}th place' }),
  runnerUpPrize: msg({ id: 'site.newYearSales.grants.runnerUpPrize', message: 'each, plus merchandise' }),
  rankTitle: msg({ id: 'site.newYearSales.rank.title', message: 'Where does your store rank?' }),
  rankText: msg({
    id: 'site.newYearSales.rank.text',
    message:
      "Enter your store's domain to see your total sales so far and your place on the leaderboard. Rankings are anonymous: other vendors see only numbers, never your name.",
  }),
  stepsTitle: msg({ id: 'site.newYearSales.steps.title', message: 'Get started in 3 simple steps' }),
  stepLabel: msg({ id: 'site.newYearSales.steps.label', message: 'Step {number}: {title}' }),
  promoTitle: msg({ id: 'site.newYearSales.promo.title', message: 'Enjoy 1 Month Free on {plan}' }),
  promoLead: msg({
    id: 'site.newYearSales.promo.lead',
    message:
      'Unlimited products, orders, invoices and coupons, bulk editing and detailed analytics, free for your first month. No card needed.',
  }),
  perMonth: msg({ id: 'site.newYearSales.promo.perMonth', message: '/month' }),
  basicTitle: msg({ id: 'site.newYearSales.promo.basicTitle', message: 'Basic' }),
  basicText: msg({
    id: 'site.newYearSales.promo.basic',
    message: 'The essentials to open your store and take your first orders.',
  }),
  monthFree: msg({ id: 'site.newYearSales.promo.monthFree', message: '1 month free' }),
  claim: msg({ id: 'site.newYearSales.promo.claim', message: 'Claim Your 1 Month Free Now!' }),
};

const pro = plans.find((plan) => plan.id === 'pro');
/** The promo compares Pro with the free plan, which the campaign calls Basic: ₦0 a month. */
const BASIC_MONTHLY = 0;

export function newYearSalesPage() {
  const grants = PRIZES_NAIRA.slice(0, GRANT_PLACES);
  const runnerUps = PRIZES_NAIRA.slice(GRANT_PLACES);
  const total = PRIZES_NAIRA.reduce((sum, prize) => sum + prize, 0);
  return html`<section class="hero hero-campaign">
  <div class="container hero-grid">
    <div class="hero-copy">
      <p class="eyebrow">${t(newYearSalesText.eyebrow, { brand: brand.name })}</p>
      <h1>${t(newYearSalesText.heading)}</h1>
      <p class="lead">${t(newYearSalesText.lead, { total: formatNaira(total) })}</p>
      <p class="hero-actions">
        <a class="button button-primary" href=${href('/#signup')} data-start-selling>${t(newYearSalesText.startNow)}</a>
        <a class="button button-outline" href="#rank-check" data-scroll-to="rank-check">${t(newYearSalesText.win)}</a>
      </p>
    </div>
    <div class="hero-picture">${storefrontPhone()}</div>
  </div>
</section>
<section class="section render-when-near" aria-labelledby="campaign-features-title">
  <div class="container">
    <h2 id="campaign-features-title" class="section-title">${t(newYearSalesText.featuresTitle)}</h2>
    <ul class="feature-grid feature-grid-3">
      ${cards.map((c) => html`<li class="feature">${icon(c.icon)}<h3>${t(c.title)}</h3><p>${t(c.text)}</p></li>`)}
    </ul>
  </div>
</section>
<section class="section section-dark" aria-labelledby="grants-title">
  <div class="container">
    <h2 id="grants-title" class="section-title">${t(newYearSalesText.grantsTitle)}</h2>
    <p class="section-lead">${t(newYearSalesText.grantsLead, { count: PRIZES_NAIRA.length, brand: brand.name, total: formatNaira(total), grantPlaces: GRANT_PLACES, runnerUps: runnerUps.length, lowest: formatNaira(Math.min(...runnerUps)), highest: formatNaira(Math.max(...runnerUps)) })}</p>
    <ol class="grants">
      ${grants.map((amount, i) => html`<li class="grant grant-${i + 1}"><span class="grant-place">${t(newYearSalesText.place, { place: i + 1 })}</span><strong>${formatNaira(amount)}</strong><span>${t(newYearSalesText.cashGrant)}</span></li>`)}
      <li class="grant grant-runner-up"><span class="grant-place">${t(newYearSalesText.runnerUpPlaces, { first: GRANT_PLACES + 1, last: PRIZES_NAIRA.length })}</span><strong>${formatNaira(Math.min(...runnerUps))} – ${formatNaira(Math.max(...runnerUps))}</strong><span>${t(newYearSalesText.runnerUpPrize)}</span></li>
    </ol>
    <p class="center"><a class="button button-gold" href="#rank-check" data-scroll-to="rank-check">${t(newYearSalesText.win)}</a></p>
  </div>
</section>
<section class="section" id="rank-check" aria-labelledby="rank-title" tabindex="-1">
  <div class="container rank-check">
    <div>
      <h2 id="rank-title" class="section-title">${t(newYearSalesText.rankTitle)}</h2>
      <p>${t(newYearSalesText.rankText)}</p>
    </div>
    <store-rank-checker>
      ${storeRankCheckerForm('rank-domain')}
    </store-rank-checker>
  </div>
</section>
<section class="section render-when-near section-tint" aria-labelledby="steps-title">
  <div class="container">
    <h2 id="steps-title" class="section-title">${t(newYearSalesText.stepsTitle)}</h2>
    <ol class="steps" data-steps>
      ${steps.map(
        (
          s,
          i,
        ) => html`<li><button class="step" type="button" aria-current=${i === 0 ? 'step' : 'false'} data-analytics-label=${t(newYearSalesText.stepLabel, { number: i + 1, title: t(s.title) })}>
        <span class="step-number" aria-hidden="true">${i + 1}</span>
        <span class="step-title">${t(s.title)}</span>
        <span class="step-text">${t(s.text, { brand: brand.name })}</span>
      </button></li>`,
      )}
    </ol>
    <p class="center"><a class="button button-primary" href=${href('/#signup')} data-start-selling>${t(newYearSalesText.startNow)}</a></p>
  </div>
</section>
<section class="section render-when-near" aria-labelledby="promo-title">
  <div class="container promo">
    <h2 id="promo-title" class="section-title">${tWithMarkup(newYearSalesText.promoTitle, { plan: html`<span class="highlight">${pro ? t(pro.title) : 'Pro'}</span>` })}</h2>
    <p class="section-lead">${t(newYearSalesText.promoLead)}</p>
    <div class="promo-compare">
      <div class="promo-plan">
        <h3>${t(newYearSalesText.basicTitle)}</h3>
        <p class="promo-price">${formatNaira(BASIC_MONTHLY)}<span>${t(newYearSalesText.perMonth)}</span></p>
        <p>${t(newYearSalesText.basicText)}</p>
      </div>
      <div class="promo-plan promo-plan-pro">
        <h3>${pro ? t(pro.title) : 'Pro'} <span class="badge">${t(newYearSalesText.monthFree)}</span></h3>
        <p class="promo-price">${formatNaira(pro?.prices.monthly ?? 0)}<span>${t(newYearSalesText.perMonth)}</span></p>
        <ul class="checks">${(pro?.benefits ?? []).slice(0, 4).map((b) => html`<li>${t(b)}</li>`)}</ul>
      </div>
    </div>
    <p class="center hero-actions">
      <a class="button button-gold" href=${href('/#signup')} data-start-selling>${t(newYearSalesText.claim)}</a>
      <a class="button button-primary" href=${href('/#signup')} data-start-selling>${t(newYearSalesText.startNow)}</a>
    </p>
  </div>
</section>
${contactBlock()}`;
}
