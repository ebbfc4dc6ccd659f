import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { href, t } from '../locales.js';
import { appBadges } from '../parts/app-badges.js';
import { contactBlock } from '../parts/contact.js';
import { headerMessages } from '../parts/header.js';
import { icon } from '../parts/icons.js';
import {
  analyticsPhone,
  inventoryIllustration,
  ordersPhone,
  phoneCollage,
  storefrontPhone,
} from '../parts/pictures.js';
import { startSellingForm } from '../parts/start-selling-form.js';

const features = [
  {
    icon: 'store',
    title: msg({ id: 'site.home.feature.store.title', message: 'Free, easy online store' }),
    text: msg({
      id: 'site.home.feature.store.text',
      message:
        'Get your own website at yourname.{domain} in minutes, from your phone. Add products with photos, sizes and colours, and share one link on WhatsApp, Instagram and TikTok.',
    }),
  },
  {
    icon: 'box',
    title: msg({ id: 'site.home.feature.orders.title', message: 'Order and inventory management' }),
    text: msg({
      id: 'site.home.feature.orders.text',
      message:
        'Every order from your website, DMs and walk-in customers in one list. Stock goes down as you sell, and we tell you before your best seller runs out.',
    }),
  },
  {
    icon: 'receipt',
    title: msg({ id: 'site.home.feature.invoices.title', message: 'Invoicing and bookkeeping' }),
    text: msg({
      id: 'site.home.feature.invoices.text',
      message:
        'Send a branded invoice or receipt in seconds and see what came in and what went out, without a notebook or a spreadsheet.',
    }),
  },
  {
    icon: 'shield',
    title: msg({ id: 'site.home.feature.payments.title', message: 'Secure local payments' }),
    text: msg({
      id: 'site.home.feature.payments.text',
      message:
        'Customers pay by card, bank transfer or USSD in naira. Request a payout any time; it lands in your bank account within one business day.',
    }),
  },
] as const;

/** The audience tabs (site/client/tabs.ts rotates them on wide screens; stacked cards on small ones). */
const audiences = [
  {
    id: 'creators',
    tab: msg({ id: 'site.home.audience.creators.tab', message: 'Creators' }),
    title: msg({ id: 'site.home.audience.creators.title', message: 'Turn your followers into customers' }),
    text: msg({
      id: 'site.home.audience.creators.text',
      message:
        'You make the hair products, the art prints, the custom cakes. We give you a shop window your followers can buy from at 2am, with prices, delivery fees and payment in one place, so you stop answering “how much?” in the DMs.',
    }),
    points: [
      msg({ id: 'site.home.audience.creators.point1', message: 'A store link for your bio' }),
      msg({ id: 'site.home.audience.creators.point2', message: 'Products posted to your social page' }),
      msg({ id: 'site.home.audience.creators.point3', message: 'Payments confirmed automatically' }),
    ],
    picture: storefrontPhone,
  },
  {
    id: 'small-businesses',
    tab: msg({ id: 'site.home.audience.small.tab', message: 'Small businesses' }),
    title: msg({ id: 'site.home.audience.small.title', message: 'Run the whole shop from your phone' }),
    text: msg({
      id: 'site.home.audience.small.text',
      message:
        'From Balogun market to your boutique in Wuse, keep every sale, every invoice and every item on the shelf in one app. Know what sold today, who still owes you, and what to restock before Saturday.',
    }),
    points: [
      msg({ id: 'site.home.audience.small.point1', message: 'Orders from every channel in one list' }),
      msg({ id: 'site.home.audience.small.point2', message: 'Invoices and receipts in seconds' }),
      msg({ id: 'site.home.audience.small.point3', message: 'Low-stock alerts' }),
    ],
    picture: () => ordersPhone(),
  },
  {
    id: 'medium-enterprises',
    tab: msg({ id: 'site.home.audience.medium.tab', message: 'Medium enterprises' }),
    title: msg({ id: 'site.home.audience.medium.title', message: 'Grow past one branch without losing control' }),
    text: msg({
      id: 'site.home.audience.medium.text',
      message:
        'Run several stores under one account, give your team the tools to take orders, and see detailed analytics across products and channels. Pro removes the limits on products, orders, invoices and coupons.',
    }),
    points: [
      msg({ id: 'site.home.audience.medium.point1', message: 'Several stores under one account' }),
      msg({ id: 'site.home.audience.medium.point2', message: 'Unlimited products and orders on Pro' }),
      msg({ id: 'site.home.audience.medium.point3', message: 'Detailed sales analytics' }),
    ],
    picture: () => analyticsPhone(),
  },
];

const homeText = {
  eyebrow: msg({ id: 'site.home.hero.eyebrow', message: 'Free online store · Built for Nigeria' }),
  heading: msg({
    id: 'site.home.hero.heading',
    message: 'Sell online in minutes. No website skills, no monthly bills.',
  }),
  lead: msg({
    id: 'site.home.hero.lead',
    message:
      'Open a free online store, share it on WhatsApp and Instagram, and get paid in naira straight into your bank account. Enter your e-mail and we will send you the app and a step-by-step setup guide.',
  }),
  featuresTitle: msg({ id: 'site.home.features.title', message: 'Everything you need, all in one place' }),
  featuresLead: msg({
    id: 'site.home.features.lead',
    message:
      '{brand} replaces the notebook, the spreadsheet, the invoice app and the screenshot of your account number. One app, from your first sale to your thousandth.',
  }),
  audienceTitle: msg({ id: 'site.home.audience.title', message: 'Made for every kind of seller' }),
  audienceTabs: msg({ id: 'site.home.audience.tablist', message: 'Who {brand} is for' }),
  pause: msg({ id: 'site.home.audience.pause', message: 'Pause' }),
  inventoryTitle: msg({
    id: 'site.home.inventory.title',
    message: 'Inventory and order management that keeps up with you',
  }),
  inventoryText: msg({
    id: 'site.home.inventory.text',
    message:
      'Record a sale from Instagram, a bank transfer from a regular and an order from your website in the same list. Track every order from paid to shipped to delivered, with product variants for every size and colour.',
  }),
  inventoryPoints: [
    msg({ id: 'site.home.inventory.point1', message: 'Real-time order tracking, with your customer kept in the loop' }),
    msg({
      id: 'site.home.inventory.point2',
      message: 'Product variants: sizes, colours, materials, each with its own stock',
    }),
    msg({ id: 'site.home.inventory.point3', message: 'Low-stock warnings before you disappoint a customer' }),
  ],
  insightsTitle: msg({ id: 'site.home.insights.title', message: 'Insights that tell you what to sell next' }),
  insightsText: msg({
    id: 'site.home.insights.text',
    message:
      'See your revenue by day, week and month, your best sellers and your returning customers. Stop guessing which product to restock for December: the numbers are on your phone.',
  }),
  insightsPoints: [
    msg({ id: 'site.home.insights.point1', message: 'Sales analytics for every product and channel' }),
    msg({ id: 'site.home.insights.point2', message: 'Know your best customers and reward them with coupons' }),
    msg({ id: 'site.home.insights.point3', message: 'Bookkeeping that is ready when you need a loan or a grant' }),
  ],
  careerTitle: msg({ id: 'site.home.career.title', message: 'Build {brand} with us' }),
  careerText: msg({
    id: 'site.home.career.text',
    message:
      'We are a small team in Lagos helping Nigerian businesses sell online. If you are an engineer, designer or seller-success person who loves markets, tell us what you would build:',
  }),
  closingTitle: msg({ id: 'site.home.closing.title', message: 'Your first sale could be today.' }),
  closingText: msg({
    id: 'site.home.closing.text',
    message:
      'Join thousands of Nigerian sellers who run their business on {brand}. It is free to start, and takes less time than a bus ride across Third Mainland Bridge.',
  }),
};

export function homePage() {
  return html`<section class="hero" id="signup">
  <div class="container hero-grid">
    <div class="hero-copy">
      <p class="eyebrow">${t(homeText.eyebrow)}</p>
      <h1>${t(homeText.heading)}</h1>
      <p class="lead">${t(homeText.lead)}</p>
      ${startSellingForm('hero')}
      ${appBadges()}
    </div>
    ${phoneCollage()}
  </div>
</section>
<section class="section render-when-near" id="about" aria-labelledby="features-title">
  <div class="container">
    <h2 id="features-title" class="section-title">${t(homeText.featuresTitle)}</h2>
    <p class="section-lead">${t(homeText.featuresLead, { brand: brand.name })}</p>
    <ul class="feature-grid">
      ${features.map(
        (f) => html`<li class="feature">
        ${icon(f.icon)}
        <h3>${t(f.title)}</h3>
        <p>${t(f.text, { domain: brand.storeDomainSuffix })}</p>
      </li>`,
      )}
    </ul>
  </div>
</section>
<section class="section render-when-near section-tint" aria-labelledby="audience-title">
  <div class="container">
    <h2 id="audience-title" class="section-title">${t(homeText.audienceTitle)}</h2>
    <div class="audience" data-audience-tabs>
      <div class="audience-controls">
        <div class="audience-tablist" role="tablist" aria-label=${t(homeText.audienceTabs, { brand: brand.name })}>
          ${audiences.map(
            (a, i) =>
              html`<button class="audience-tab" type="button" role="tab" id="tab-${a.id}" aria-controls="panel-${a.id}" aria-selected=${i === 0 ? 'true' : 'false'} tabindex=${i === 0 ? '0' : '-1'}>${t(a.tab)}</button>`,
          )}
        </div>
        <button class="audience-pause" type="button">${t(homeText.pause)}</button>
      </div>
      ${audiences.map(
        (a) => html`<div class="audience-panel" role="tabpanel" id="panel-${a.id}" aria-labelledby="tab-${a.id}">
        <div>
          <p class="eyebrow">${t(a.tab)}</p>
          <h3>${t(a.title)}</h3>
          <p>${t(a.text)}</p>
          <ul class="checks">${a.points.map((p) => html`<li>${t(p)}</li>`)}</ul>
          <a class="button button-primary" href=${href('/#signup')} data-start-selling>${t(headerMessages.startSelling)}</a>
        </div>
        <div class="audience-picture">${a.picture()}</div>
      </div>`,
      )}
    </div>
  </div>
</section>
<section class="section render-when-near" aria-labelledby="inventory-title">
  <div class="container split">
    <div>
      <h2 id="inventory-title" class="section-title">${t(homeText.inventoryTitle)}</h2>
      <p>${t(homeText.inventoryText)}</p>
      <ul class="checks">${homeText.inventoryPoints.map((p) => html`<li>${t(p)}</li>`)}</ul>
    </div>
    ${inventoryIllustration()}
  </div>
</section>
<section class="section render-when-near section-tint" aria-labelledby="insights-title">
  <div class="container split split-reverse">
    <div>
      <h2 id="insights-title" class="section-title">${t(homeText.insightsTitle)}</h2>
      <p>${t(homeText.insightsText)}</p>
      <ul class="checks">${homeText.insightsPoints.map((p) => html`<li>${t(p)}</li>`)}</ul>
    </div>
    <div class="insights-picture">${analyticsPhone()}</div>
  </div>
</section>
<section class="section render-when-near" id="career" aria-labelledby="career-title">
  <div class="container career">
    <h2 id="career-title" class="section-title">${t(homeText.careerTitle, { brand: brand.name })}</h2>
    <p>${t(homeText.careerText)} <a href="mailto:${brand.supportEmail}?subject=Careers%20at%20${brand.name}">${brand.supportEmail}</a>.</p>
  </div>
</section>
<section class="section" aria-labelledby="closing-title">
  <div class="container closing-banner">
    <div>
      <h2 id="closing-title">${t(homeText.closingTitle)}</h2>
      <p>${t(homeText.closingText, { brand: brand.name })}</p>
    </div>
    ${startSellingForm('closing')}
  </div>
</section>
${contactBlock()}`;
}
