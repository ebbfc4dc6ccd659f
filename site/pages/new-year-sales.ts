import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { GRANT_PLACES, PRIZES_NAIRA } from '../../common/campaign.js';
import type { Message } from '../../common/i18n.js';
import { i18nFor } from '../../common/lingui.js';
import { formatNaira } from '../../common/money.js';
import { basicPromoPlan, plans } from '../../common/plans.js';
import { contactBlock } from '../parts/contact.js';
import { icon } from '../parts/icons.js';
import { storefrontPhone } from '../parts/pictures.js';
import { storeRankCheckerForm } from '../parts/store-rank-checker-form.js';

// English until the site is in five languages (issue 26, item 4): the plans' texts are messages now.
const en = (message: Message) => i18nFor('en')._(message);

const cards = [
  {
    icon: 'tag',
    title: 'Discounts & Coupons',
    text: 'Run a New Year sale in two taps: percentage or naira discounts, coupon codes for your loyal customers, and limits so a code is not shared on every group chat.',
  },
  {
    icon: 'box',
    title: 'Inventory & Order Management',
    text: 'Every order from your website, Instagram and WhatsApp in one list, with stock that updates itself, so you never sell what you no longer have.',
  },
  {
    icon: 'cart',
    title: 'Invoicing & Checkout',
    text: 'A checkout that takes cards, transfers and USSD in naira, and an invoice or receipt for every sale, sent before your customer has closed the chat.',
  },
] as const;

const steps = [
  {
    title: 'Sign up or reactivate your account',
    text: `Enter your e-mail or download the ${brand.name} app. Already have an account? Log in and it is active again.`,
  },
  {
    title: 'Set up your online store in minutes',
    text: 'Add your business name, an account number for payouts and your first products. Your website is live immediately.',
  },
  {
    title: 'Start selling',
    text: 'Share your store link, take orders and watch your sales climb the leaderboard until the contest closes.',
  },
];

const pro = plans.find((plan) => plan.id === 'pro');

export function newYearSalesPage() {
  const grants = PRIZES_NAIRA.slice(0, GRANT_PLACES);
  const runnerUps = PRIZES_NAIRA.slice(GRANT_PLACES);
  const total = PRIZES_NAIRA.reduce((sum, prize) => sum + prize, 0);
  const places = ['1st', '2nd', '3rd'];
  return html`<section class="hero hero-campaign">
  <div class="container hero-grid">
    <div class="hero-copy">
      <p class="eyebrow">New Year Sales · ${brand.name}</p>
      <h1>New year, fresh start. Sell more this year.</h1>
      <p class="lead">Start the year with a store that works while you sleep. Sell more with discounts, coupons and a checkout your customers trust, get one month of Pro free, and compete for ${formatNaira(total)} in cash grants for the top ten sellers.</p>
      <p class="hero-actions">
        <a class="button button-primary" href="/#signup" data-start-selling>Start Selling Now!</a>
        <a class="button button-outline" href="#rank-check" data-scroll-to="rank-check">Stand a chance to win!</a>
      </p>
    </div>
    <div class="hero-picture">${storefrontPhone()}</div>
  </div>
</section>
<section class="section" aria-labelledby="campaign-features-title">
  <div class="container">
    <h2 id="campaign-features-title" class="section-title">Everything to make this your best-selling year</h2>
    <ul class="feature-grid feature-grid-3">
      ${cards.map((c) => html`<li class="feature">${icon(c.icon)}<h3>${c.title}</h3><p>${c.text}</p></li>`)}
    </ul>
  </div>
</section>
<section class="section section-dark" aria-labelledby="grants-title">
  <div class="container">
    <h2 id="grants-title" class="section-title">Cash grants for the top sellers</h2>
    <p class="section-lead">The ${PRIZES_NAIRA.length} vendors with the highest sales on ${brand.name} during the campaign share ${formatNaira(total)}. The top ${GRANT_PLACES} win cash grants; the next ${runnerUps.length} runner-ups win ${formatNaira(Math.min(...runnerUps))} to ${formatNaira(Math.max(...runnerUps))} each, plus ${brand.name} merchandise.</p>
    <ol class="grants">
      ${grants.map((amount, i) => html`<li class="grant grant-${i + 1}"><span class="grant-place">${places[i]} place</span><strong>${formatNaira(amount)}</strong><span>cash grant</span></li>`)}
      <li class="grant grant-runner-up"><span class="grant-place">4th to ${PRIZES_NAIRA.length}th place</span><strong>${formatNaira(Math.min(...runnerUps))} – ${formatNaira(Math.max(...runnerUps))}</strong><span>each, plus merchandise</span></li>
    </ol>
    <p class="center"><a class="button button-gold" href="#rank-check" data-scroll-to="rank-check">Stand a chance to win!</a></p>
  </div>
</section>
<section class="section" id="rank-check" aria-labelledby="rank-title" tabindex="-1">
  <div class="container rank-check">
    <div>
      <h2 id="rank-title" class="section-title">Where does your store rank?</h2>
      <p>Enter your store's domain to see your total sales so far and your place on the leaderboard. Rankings are anonymous: other vendors see only numbers, never your name.</p>
    </div>
    <store-rank-checker>
      ${storeRankCheckerForm('rank-domain')}
    </store-rank-checker>
  </div>
</section>
<section class="section section-tint" aria-labelledby="steps-title">
  <div class="container">
    <h2 id="steps-title" class="section-title">Get started in 3 simple steps</h2>
    <ol class="steps" data-steps>
      ${steps.map(
        (
          s,
          i,
        ) => html`<li><button class="step" type="button" aria-current=${i === 0 ? 'step' : 'false'} data-analytics-label="Step ${i + 1}: ${s.title}">
        <span class="step-number" aria-hidden="true">${i + 1}</span>
        <span class="step-title">${s.title}</span>
        <span class="step-text">${s.text}</span>
      </button></li>`,
      )}
    </ol>
    <p class="center"><a class="button button-primary" href="/#signup" data-start-selling>Start Selling Now!</a></p>
  </div>
</section>
<section class="section" aria-labelledby="promo-title">
  <div class="container promo">
    <h2 id="promo-title" class="section-title">Enjoy 1 Month Free on <span class="highlight">Pro</span></h2>
    <p class="section-lead">Unlimited products, orders, invoices and coupons, bulk editing and detailed analytics, free for your first month. No card needed.</p>
    <div class="promo-compare">
      <div class="promo-plan">
        <h3>${basicPromoPlan.title}</h3>
        <p class="promo-price">${formatNaira(basicPromoPlan.monthly)}<span>/month</span></p>
        <p>The essentials to open your store and take your first orders.</p>
      </div>
      <div class="promo-plan promo-plan-pro">
        <h3>${pro ? en(pro.title) : 'Pro'} <span class="badge">1 month free</span></h3>
        <p class="promo-price">${formatNaira(pro?.prices.monthly ?? 0)}<span>/month</span></p>
        <ul class="checks">${(pro?.benefits ?? []).slice(0, 4).map((b) => html`<li>${en(b)}</li>`)}</ul>
      </div>
    </div>
    <p class="center hero-actions">
      <a class="button button-gold" href="/#signup" data-start-selling>Claim Your 1 Month Free Now!</a>
      <a class="button button-primary" href="/#signup" data-start-selling>Start Selling Now!</a>
    </p>
  </div>
</section>
${contactBlock()}`;
}
