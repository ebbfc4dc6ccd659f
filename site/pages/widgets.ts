/**
 * /widgets: every embeddable tag live, with the snippet that produces it and its options. The light-DOM
 * fallback inside each tag has the size the widget reserves (README "Embedding the widgets").
 */
import { html } from 'lit-html';
import { formatNaira } from '../../common/money.js';
import { periodLabel, plans } from '../../common/plans.js';
import { signupForm } from '../parts/signup-form.js';

const snippet = (code: string) => html`<pre class="widget-code"><code>${code}</code></pre>`;

const rankFallback = html`<form class="signup-fallback" action="/new-year-sales" method="get">
  <label for="widgets-rank-domain">Store domain</label>
  <div class="signup-row">
    <input id="widgets-rank-domain" name="domain" type="text" required placeholder="yourstore.kasuwa.shop">
    <button class="button button-primary" type="submit">Check my rank</button>
  </div>
</form>`;

const priceTable = (period: 'annual' | 'monthly') => html`<table class="widget-price-table">
  <caption>Plans, billed ${period === 'annual' ? 'yearly' : 'monthly'}</caption>
  <thead><tr><th scope="col">Plan</th><th scope="col">Price</th><th scope="col">For</th></tr></thead>
  <tbody>${plans.map(
    (plan) =>
      html`<tr><th scope="row">${plan.title}</th><td>${formatNaira(plan.prices[period])}${periodLabel(period)}</td><td>${plan.description}</td></tr>`,
  )}</tbody>
</table>`;

export function widgetsPage() {
  return html`<section class="section widgets-page">
  <div class="container">
    <h1>Kasuwa widgets</h1>
    <p class="lead">Four tags you can drop into any page with one script. Each example below is live; the code under it is all it takes.</p>
    ${snippet('<script type="module" src="https://kasuwa.shop/widgets/kasuwa-widgets.js"></script>')}

    <h2 id="start-selling-form">Start-selling form</h2>
    <p>An e-mail signup. <code>ref</code> records the partner that brought the signup; <code>api-url</code> points it at another API.</p>
    ${signupForm('widgets-form')}
    ${snippet('<start-selling-form ref="your-partner-code"></start-selling-form>')}
    <p>Themed with custom properties:</p>
    <div class="widget-themed">${signupForm('widgets-themed')}</div>
    ${snippet('<start-selling-form style="--kasuwa-primary: #7a1fa2; --kasuwa-radius: 6px"></start-selling-form>')}
    <p>For visitors without JavaScript, put a plain form inside the tag; it shows until the widget loads. On your page it must post to our host, and it can carry your partner code:</p>
    ${snippet(`<start-selling-form ref="your-partner-code">
  <form method="post" action="https://kasuwa.shop/start-selling">
    <label>Email address <input name="email" type="email" autocomplete="email" required></label>
    <input type="hidden" name="ref" value="your-partner-code">
    <button type="submit">Start Selling</button>
  </form>
</start-selling-form>`)}

    <h2 id="start-selling-modal">Start-selling modal</h2>
    <p>Any element with <code>data-start-selling</code> opens it; a page without a <code>&lt;start-selling-modal&gt;</code> gets one. Scripts can call <code>document.querySelector('start-selling-modal').show()</code>.</p>
    <p><button class="button button-primary" type="button" data-start-selling>Open the start-selling modal</button></p>
    ${snippet('<button type="button" data-start-selling>Start Selling</button>\n<start-selling-modal ref="your-partner-code"></start-selling-modal>')}

    <h2 id="store-rank-checker">Store rank checker</h2>
    <p>Try the demo domain <code>adaeze-fabrics</code>, or <code>tunde-gadgets-hub</code> (no sales yet).</p>
    <store-rank-checker>${rankFallback}</store-rank-checker>
    ${snippet('<store-rank-checker></store-rank-checker>')}

    <h2 id="pricing-plans">Pricing plans</h2>
    <p>Annual prices first; <code>period="monthly"</code> starts on monthly prices; <code>label</code> names the carousel (give each on a page its own). Get Started opens the start-selling modal.</p>
    <pricing-plans>${priceTable('annual')}</pricing-plans>
    ${snippet('<pricing-plans></pricing-plans>')}
    <pricing-plans period="monthly" label="Plans, monthly prices first">${priceTable('monthly')}</pricing-plans>
    ${snippet('<pricing-plans period="monthly" label="Plans, monthly prices first"></pricing-plans>')}

    <p>Attributes, events, parts and custom properties of every tag: <a href="/widgets/custom-elements.json">custom-elements.json</a> and the README's "Embedding the widgets" section.</p>
  </div>
</section>`;
}
