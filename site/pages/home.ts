import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { href } from '../locales.js';
import { appBadges } from '../parts/app-badges.js';
import { contactBlock } from '../parts/contact.js';
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
    title: 'Free, easy online store',
    text: `Get your own website at yourname.${brand.storeDomainSuffix} in minutes, from your phone. Add products with photos, sizes and colours, and share one link on WhatsApp, Instagram and TikTok.`,
  },
  {
    icon: 'box',
    title: 'Order and inventory management',
    text: 'Every order from your website, DMs and walk-in customers in one list. Stock goes down as you sell, and we tell you before your best seller runs out.',
  },
  {
    icon: 'receipt',
    title: 'Invoicing and bookkeeping',
    text: 'Send a branded invoice or receipt in seconds and see what came in and what went out, without a notebook or a spreadsheet.',
  },
  {
    icon: 'shield',
    title: 'Secure local payments',
    text: 'Customers pay by card, bank transfer or USSD in naira. Request a payout any time; it lands in your bank account within one business day.',
  },
] as const;

/** The audience tabs (site/client/tabs.ts rotates them on wide screens; stacked cards on small ones). */
const audiences = [
  {
    id: 'creators',
    tab: 'Creators',
    title: 'Turn your followers into customers',
    text: 'You make the hair products, the art prints, the custom cakes. We give you a shop window your followers can buy from at 2am, with prices, delivery fees and payment in one place, so you stop answering “how much?” in the DMs.',
    points: ['A store link for your bio', 'Products posted to your social page', 'Payments confirmed automatically'],
    picture: storefrontPhone,
  },
  {
    id: 'small-businesses',
    tab: 'Small businesses',
    title: 'Run the whole shop from your phone',
    text: 'From Balogun market to your boutique in Wuse, keep every sale, every invoice and every item on the shelf in one app. Know what sold today, who still owes you, and what to restock before Saturday.',
    points: ['Orders from every channel in one list', 'Invoices and receipts in seconds', 'Low-stock alerts'],
    picture: () => ordersPhone(),
  },
  {
    id: 'medium-enterprises',
    tab: 'Medium enterprises',
    title: 'Grow past one branch without losing control',
    text: 'Run several stores under one account, give your team the tools to take orders, and see detailed analytics across products and channels. Pro removes the limits on products, orders, invoices and coupons.',
    points: ['Several stores under one account', 'Unlimited products and orders on Pro', 'Detailed sales analytics'],
    picture: () => analyticsPhone(),
  },
];

export function homePage() {
  return html`<section class="hero" id="signup">
  <div class="container hero-grid">
    <div class="hero-copy">
      <p class="eyebrow">Free online store · Built for Nigeria</p>
      <h1>Sell online in minutes. No website skills, no monthly bills.</h1>
      <p class="lead">Open a free online store, share it on WhatsApp and Instagram, and get paid in naira straight into your bank account. Enter your e-mail and we will send you the app and a step-by-step setup guide.</p>
      ${startSellingForm('hero')}
      ${appBadges()}
    </div>
    ${phoneCollage()}
  </div>
</section>
<section class="section" id="about" aria-labelledby="features-title">
  <div class="container">
    <h2 id="features-title" class="section-title">Everything you need, all in one place</h2>
    <p class="section-lead">${brand.name} replaces the notebook, the spreadsheet, the invoice app and the screenshot of your account number. One app, from your first sale to your thousandth.</p>
    <ul class="feature-grid">
      ${features.map(
        (f) => html`<li class="feature">
        ${icon(f.icon)}
        <h3>${f.title}</h3>
        <p>${f.text}</p>
      </li>`,
      )}
    </ul>
  </div>
</section>
<section class="section section-tint" aria-labelledby="audience-title">
  <div class="container">
    <h2 id="audience-title" class="section-title">Made for every kind of seller</h2>
    <div class="audience" data-audience-tabs>
      <div class="audience-controls">
        <div class="audience-tablist" role="tablist" aria-label="Who ${brand.name} is for">
          ${audiences.map(
            (a, i) =>
              html`<button class="audience-tab" type="button" role="tab" id="tab-${a.id}" aria-controls="panel-${a.id}" aria-selected=${i === 0 ? 'true' : 'false'} tabindex=${i === 0 ? '0' : '-1'}>${a.tab}</button>`,
          )}
        </div>
        <button class="audience-pause" type="button">Pause</button>
      </div>
      ${audiences.map(
        (a) => html`<div class="audience-panel" role="tabpanel" id="panel-${a.id}" aria-labelledby="tab-${a.id}">
        <div>
          <p class="eyebrow">${a.tab}</p>
          <h3>${a.title}</h3>
          <p>${a.text}</p>
          <ul class="checks">${a.points.map((p) => html`<li>${p}</li>`)}</ul>
          <a class="button button-primary" href=${href('/#signup')} data-start-selling>Start Selling</a>
        </div>
        <div class="audience-picture">${a.picture()}</div>
      </div>`,
      )}
    </div>
  </div>
</section>
<section class="section" aria-labelledby="inventory-title">
  <div class="container split">
    <div>
      <h2 id="inventory-title" class="section-title">Inventory and order management that keeps up with you</h2>
      <p>Record a sale from Instagram, a bank transfer from a regular and an order from your website in the same list. Track every order from paid to shipped to delivered, with product variants for every size and colour.</p>
      <ul class="checks">
        <li>Real-time order tracking, with your customer kept in the loop</li>
        <li>Product variants: sizes, colours, materials, each with its own stock</li>
        <li>Low-stock warnings before you disappoint a customer</li>
      </ul>
    </div>
    ${inventoryIllustration()}
  </div>
</section>
<section class="section section-tint" aria-labelledby="insights-title">
  <div class="container split split-reverse">
    <div>
      <h2 id="insights-title" class="section-title">Insights that tell you what to sell next</h2>
      <p>See your revenue by day, week and month, your best sellers and your returning customers. Stop guessing which product to restock for December: the numbers are on your phone.</p>
      <ul class="checks">
        <li>Sales analytics for every product and channel</li>
        <li>Know your best customers and reward them with coupons</li>
        <li>Bookkeeping that is ready when you need a loan or a grant</li>
      </ul>
    </div>
    <div class="insights-picture">${analyticsPhone()}</div>
  </div>
</section>
<section class="section" id="career" aria-labelledby="career-title">
  <div class="container career">
    <h2 id="career-title" class="section-title">Build ${brand.name} with us</h2>
    <p>We are a small team in Lagos helping Nigerian businesses sell online. If you are an engineer, designer or seller-success person who loves markets, tell us what you would build: <a href="mailto:${brand.supportEmail}?subject=Careers%20at%20${brand.name}">${brand.supportEmail}</a>.</p>
  </div>
</section>
<section class="section" aria-labelledby="closing-title">
  <div class="container closing-banner">
    <div>
      <h2 id="closing-title">Your first sale could be today.</h2>
      <p>Join thousands of Nigerian sellers who run their business on ${brand.name}. It is free to start, and takes less time than a bus ride across Third Mainland Bridge.</p>
    </div>
    ${startSellingForm('closing')}
  </div>
</section>
${contactBlock()}`;
}
