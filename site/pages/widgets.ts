/**
 * /widgets: every embeddable tag live, with the snippet that produces it and its API table, rendered
 * from each tag's metadata (widgets/metadata.ts, the same source as docs/widgets-api.md). The light-DOM
 * fallback inside each tag has the size the widget reserves (its `element.hostSize`).
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import { unsafeHTML } from 'lit-html/directives/unsafe-html.js';
import { translatorFor } from '../../common/lingui.js';
import { formatNaira } from '../../common/money.js';
import { RANK_PAGE_PATH } from '../../common/page-renderers.js';
import { periodLabel, plans } from '../../common/plans.js';
import {
  cssProperties,
  methodCall,
  propertyName,
  type WidgetMetadata,
  widgetMetadata,
} from '../../widgets/metadata.js';
import type { WidgetTag } from '../../widgets/registry.js';
import { hostSizeCss } from '../../widgets/shared/tag.js';
import { embedBuilder } from '../embed-builder/section.js';
import { scriptTag } from '../embed-builder/snippets.js';
import { href, pageLocale } from '../locales.js';
import { startSellingForm } from '../parts/start-selling-form.js';
import { storeRankCheckerForm } from '../parts/store-rank-checker-form.js';

/** The page's body is English in every language (lang="en"), the plans in it too. */
const english = translatorFor('en');

const snippet = (code: string) => html`<pre class="widget-code"><code>${code}</code></pre>`;

/** The tag's attributes, methods, events, parts and host size, as docs/widgets-api.md lists them. */
function apiTable(tag: WidgetTag) {
  const w = widgetMetadata.find((entry) => entry.tag === tag);
  if (!w) throw new Error(`no metadata for <${tag}>`);
  const rows: (readonly [kind: string, name: string, meaning: string])[] = [
    ...w.attributes.map(
      (a) =>
        [
          'attribute',
          `${a.name} (property ${propertyName(a.name)}, ${a.type})`,
          `${a.description}; default: ${a.default}`,
        ] as const,
    ),
    ...w.methods.map((m) => ['method', methodCall(m), m.description] as const),
    ...w.events.map((e) => ['event', e.name, `${e.description}; detail: ${e.detail}`] as const),
    ...w.parts.map((p) => ['part', p.name, p.description] as const),
    ['host size', hostSizeCss(w.hostSize), w.hostNote],
  ];
  const caption = `<${tag}>: attributes, methods, events, parts and host size`;
  return html`<div class="table-scroll" role="region" tabindex="0" aria-label=${caption}><table class="widget-api-table">
  <caption>${caption}</caption>
  <thead><tr><th scope="col">Kind</th><th scope="col">Name</th><th scope="col">Meaning</th></tr></thead>
  <tbody>${rows.map(([kind, name, meaning]) => html`<tr><td>${kind}</td><td><code>${name}</code></td><td>${meaning}</td></tr>`)}</tbody>
</table></div>`;
}

const cssPropertiesTable = html`<div class="table-scroll" role="region" tabindex="0" aria-label="Custom properties of every tag"><table class="widget-api-table">
  <caption>Custom properties of every tag</caption>
  <thead><tr><th scope="col">Property</th><th scope="col">What it colours or sets (default)</th></tr></thead>
  <tbody>${cssProperties.map((p) => html`<tr><td><code>${p.name}</code></td><td>${p.description}</td></tr>`)}</tbody>
</table></div>`;

/** The light-DOM fallback of <pricing-plans> a partner page can use: a plain price table (a price may wrap before its period, for 320 px). */
const pricingPlansTableFallback = (period: 'annual' | 'monthly') => html`<table class="widget-price-table">
  <caption>Plans, billed ${period === 'annual' ? 'yearly' : 'monthly'}</caption>
  <thead><tr><th scope="col">Plan</th><th scope="col">Price</th><th scope="col">For</th></tr></thead>
  <tbody>${plans.map(
    (plan) =>
      html`<tr><th scope="row">${english(plan.title)}</th><td>${formatNaira(plan.prices[period])}<wbr>${english(periodLabel(period))}</td><td>${english(plan.description)}</td></tr>`,
  )}</tbody>
</table>`;

/**
 * The sections of the tags with examples of their own, in the page's order: the tag live, the snippet
 * under each example, its API table. Every other tag of widgets/tags.ts gets `generatedSection` after them.
 */
const OWN_SECTIONS: Partial<Record<WidgetTag, () => TemplateResult>> = {
  'start-selling-form': () => html`<h2 id="start-selling-form">Start-selling form</h2>
    <p>An e-mail signup. <code>partner</code> records the partner that brought the signup; <code>api-url</code> points it at another API.</p>
    ${startSellingForm('widgets-form')}
    ${snippet('<start-selling-form partner="your-partner-code"></start-selling-form>')}
    <p>Themed with custom properties:</p>
    <div class="widget-themed">${startSellingForm('widgets-themed')}</div>
    ${snippet('<start-selling-form style="--kasuwa-primary: #7a1fa2; --kasuwa-radius: 6px"></start-selling-form>')}
    <p>For visitors without JavaScript, put a plain form inside the tag; it shows until the widget loads. On your page it must post to our host, and it can carry your partner code. The inline sizes keep the page still when the widget replaces the form, even with the script at the end of the page:</p>
    ${snippet(`<start-selling-form partner="your-partner-code" style="display:block;min-height:132px">
  <form method="post" action="https://kasuwa.shop/start-selling" style="margin:0">
    <label style="display:block">Email address <input name="email" type="email" autocomplete="email" required style="max-width:100%;box-sizing:border-box"></label>
    <input type="hidden" name="partner" value="your-partner-code">
    <button type="submit">Start Selling</button>
  </form>
</start-selling-form>`)}
    ${apiTable('start-selling-form')}`,
  'start-selling-modal': () => html`<h2 id="start-selling-modal">Start-selling modal</h2>
    <p>Any element with <code>data-start-selling</code> opens it; a page without a <code>&lt;start-selling-modal&gt;</code> gets one. Scripts can call <code>openStartSelling()</code>, exported by <code>kasuwa-widgets.js</code>, which waits for the modal's code; a modal already in the page also answers <code>show()</code> before its code has come, by loading it first.</p>
    <p><button class="button button-primary" type="button" data-start-selling>Open the start-selling modal</button></p>
    ${snippet('<button type="button" data-start-selling>Start Selling</button>\n<start-selling-modal partner="your-partner-code"></start-selling-modal>')}
    ${apiTable('start-selling-modal')}`,
  'store-rank-checker': () => html`<h2 id="store-rank-checker">Store rank checker</h2>
    <p>Try the demo domain <code>adaeze-fabrics</code>, or <code>tunde-gadgets-hub</code> (no sales yet).</p>
    <store-rank-checker>${storeRankCheckerForm('widgets-rank-domain')}</store-rank-checker>
    ${snippet('<store-rank-checker></store-rank-checker>')}
    <p>Without JavaScript, the plain form inside the tag shows the same ranking on a page of ours:</p>
    ${snippet(`<store-rank-checker style="display:block;min-height:132px">
  <form method="get" action="https://kasuwa.shop${RANK_PAGE_PATH}" style="margin:0">
    <label style="display:block">Store domain <input name="domain" type="text" inputmode="url" required style="max-width:100%;box-sizing:border-box"></label>
    <button type="submit">Check my rank</button>
  </form>
</store-rank-checker>`)}
    ${apiTable('store-rank-checker')}`,
  'pricing-plans': () => html`<h2 id="pricing-plans">Pricing plans</h2>
    <p>Annual prices first; <code>period="monthly"</code> starts on monthly prices; <code>label</code> names the carousel (give each on a page its own). Get Started opens the start-selling modal.</p>
    <pricing-plans>${pricingPlansTableFallback('annual')}</pricing-plans>
    ${snippet('<pricing-plans></pricing-plans>')}
    <pricing-plans period="monthly" label="Plans, monthly prices first">${pricingPlansTableFallback('monthly')}</pricing-plans>
    ${snippet('<pricing-plans period="monthly" label="Plans, monthly prices first"></pricing-plans>')}

    ${apiTable('pricing-plans')}`,
};

/** 'hello-banner' → 'Hello banner'. */
const headingOf = (tag: string) => `${tag[0]?.toUpperCase()}${tag.slice(1).replaceAll('-', ' ')}`;

/** A tag with no section of its own: its heading from its name, its metadata's description, its example live and as code. */
const generatedSection = (w: WidgetMetadata) => html`<h2 id=${w.tag}>${headingOf(w.tag)}</h2>
    <p>${w.description}</p>
    ${unsafeHTML(w.example)}
    ${snippet(w.example)}
    ${apiTable(w.tag)}`;

/** Every tag's section: those of OWN_SECTIONS, then the others in the order of widgets/tags.ts. */
const tagSections = () => [
  ...Object.values(OWN_SECTIONS).map((section) => section()),
  ...widgetMetadata.filter((w) => !(w.tag in OWN_SECTIONS)).map(generatedSection),
];

/** The lead counts the tags in words. */
const COUNT_WORDS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];

/**
 * A developer's page: its text stays English in every language (lang="en"), the site's chrome around it
 * is translated, and so is the embed builder after it (for partners who write no code).
 */
export function widgetsPage() {
  return html`<section class="section widgets-page" lang=${pageLocale() === 'en' ? nothing : 'en'}>
  <div class="container">
    <h1>Kasuwa widgets</h1>
    <p class="lead">${COUNT_WORDS[widgetMetadata.length - 1] ?? widgetMetadata.length} tags you can drop into any page with one script. Each example below is live; the code under it is all it takes. To choose the colours and language and copy the code for your site, use <a href="#embed-builder">the builder</a> at the end of the page.</p>
    ${snippet(scriptTag())}
    <p>On WordPress, install <a href="/downloads/kasuwa-wordpress.zip" download>our plugin</a> (Plugins → Add New → Upload Plugin) instead: set your partner code once in Settings → Kasuwa, then add the Kasuwa blocks or the shortcodes <code>[kasuwa_signup]</code>, <code>[kasuwa_rank_checker]</code>, <code>[kasuwa_pricing]</code> and <code>[kasuwa_start_selling]</code>; every role that writes posts can use them.</p>
    <p>Bringing sellers from your site or page? <a href=${href('/partners/join')}>Join the partner programme</a> for your own partner code and a private page with the signups it brought.</p>

    ${tagSections()}

    <h2 id="custom-properties">Custom properties</h2>
    <p>Every tag reads these from the page; set them on the tag or any ancestor.</p>
    ${cssPropertiesTable}
    <p>The same as JSON: <a href="/widgets/custom-elements.json">custom-elements.json</a> (Custom Elements Manifest).</p>
  </div>
</section>
${embedBuilder()}`;
}
