/**
 * Our own pictures as inline SVG (no requests, no third-party images, sized so nothing shifts): three
 * phone mock-ups and two benefit illustrations. Their words are messages in the page's language, as SVG
 * text drawn smaller when a translation is longer than its place; in the pseudo-locale each text says
 * its width (`data-fit`), which e2e/site-overflow.e2e.ts measures.
 */
import { msg } from '@lingui/core/macro';
import { html, nothing, type TemplateResult } from 'lit-html';
import { formatNaira } from '../../common/money.js';
import { pageLang, t } from '../locales.js';

const FONT = 'system-ui,sans-serif';

type TextStyle = { size: number; fit: number; bold?: boolean; fill?: string; anchor?: 'middle' | 'end' };

/**
 * A line of text at (x, y) no wider than `fit`: drawn at `size`, or smaller when its letters would not fit
 * (an average letter taken as 0.6 of the size, 0.64 bold; combining accents take no room), in whole
 * pixels: each size and weight is a font the first frame looks up (docs/site.md, "Laid out when near").
 */
function label(x: number, y: number, text: string, { size, fit, bold, fill = '#14213d', anchor }: TextStyle) {
  const letters = text.normalize('NFC').replace(/\p{M}/gu, '').length;
  const fitted = Math.min(size, Math.floor(fit / (letters * (bold ? 0.64 : 0.6))));
  return html`<text x=${x} y=${y} text-anchor=${anchor ?? nothing} font-size=${fitted} font-weight=${bold ? 700 : nothing} fill=${fill} data-fit=${pageLang() === 'pseudo' ? fit : nothing}>${text}</text>`;
}

function phone(name: string, screen: TemplateResult, className = '') {
  return html`<svg class="phone ${className}" width="220" height="440" viewBox="0 0 220 440" role="img" aria-label=${name} font-family=${FONT}>
  <rect x="2" y="2" width="216" height="436" rx="32" fill="#14213d"/>
  <rect x="12" y="12" width="196" height="416" rx="24" fill="#fff"/>
  <rect x="80" y="20" width="60" height="8" rx="4" fill="#14213d"/>
  ${screen}
</svg>`;
}

const picturesText = {
  storefront: msg({
    id: 'site.picture.storefront.label',
    message: 'A Kasuwa store front on a phone: {store} with four products and prices in naira',
  }),
  store: msg({ id: 'site.picture.storefront.store', message: 'Ada’s Fabrics' }),
  banner: msg({ id: 'site.picture.storefront.banner', message: 'New Year Sale' }),
  offer: msg({ id: 'site.picture.storefront.offer', message: '20% off all bags' }),
  orderOnWhatsApp: msg({ id: 'site.picture.storefront.order', message: 'Order on WhatsApp' }),
  tote: msg({ id: 'site.picture.product.tote', message: 'Ankara tote' }),
  shea: msg({ id: 'site.picture.product.shea', message: 'Shea butter' }),
  sandals: msg({ id: 'site.picture.product.sandals', message: 'Beaded sandals' }),
  zobo: msg({ id: 'site.picture.product.zobo', message: 'Zobo (1L)' }),
  ordersLabel: msg({
    id: 'site.picture.orders.label',
    message: 'The order list on a phone: five recent orders with amounts and statuses',
  }),
  orders: msg({ id: 'site.picture.orders.title', message: 'Orders' }),
  today: msg({ id: 'site.picture.orders.today', message: 'Today' }),
  paid: msg({ id: 'site.picture.status.paid', message: 'Paid' }),
  shipped: msg({ id: 'site.picture.status.shipped', message: 'Shipped' }),
  pending: msg({ id: 'site.picture.status.pending', message: 'Pending' }),
  delivered: msg({ id: 'site.picture.status.delivered', message: 'Delivered' }),
  analyticsLabel: msg({
    id: 'site.picture.analytics.label',
    message: 'Sales analytics on a phone: revenue up 24 percent this week, with a bar chart per day',
  }),
  insights: msg({ id: 'site.picture.analytics.title', message: 'Insights' }),
  revenueThisWeek: msg({ id: 'site.picture.analytics.revenue', message: 'Revenue this week' }),
  change: msg({ id: 'site.picture.analytics.change', message: '{percent} on last week' }),
  weekdays: msg({
    id: 'site.picture.analytics.weekdays',
    comment: 'The first letter of each day, Monday to Sunday, separated by spaces',
    message: 'M T W T F S S',
  }),
  bestSeller: msg({ id: 'site.picture.analytics.best-seller', message: 'Best seller' }),
  sold: msg({ id: 'site.picture.sold', message: '{count} sold' }),
  returning: msg({ id: 'site.picture.analytics.returning', message: 'Returning customers' }),
  inventoryLabel: msg({
    id: 'site.picture.inventory.label',
    message:
      'Stock levels per product, with a low-stock warning, and an order moving from paid to shipped to delivered',
  }),
  stock: msg({ id: 'site.picture.inventory.title', message: 'Stock' }),
  left: msg({ id: 'site.picture.inventory.left', message: '{count} left' }),
  order: msg({ id: 'site.picture.inventory.order', message: 'Order {number} · {amount}' }),
  insightsLabel: msg({
    id: 'site.picture.insights.label',
    message: 'A revenue line chart rising over a month and a ranking of the three best-selling products',
  }),
  revenue30: msg({ id: 'site.picture.insights.title', message: 'Revenue, last 30 days' }),
  bestSellers: msg({ id: 'site.picture.insights.best-sellers', message: 'Best sellers' }),
};

const products = [
  [picturesText.tote, 15_500, '#f4b400'],
  [picturesText.shea, 4_000, '#0b6e4f'],
  [picturesText.sandals, 12_000, '#e76f51'],
  [picturesText.zobo, 1_500, '#8e2c48'],
] as const;

export function storefrontPhone() {
  const store = t(picturesText.store);
  return phone(
    t(picturesText.storefront, { store }),
    html`${label(28, 56, store, { size: 15, fit: 164, bold: true })}
  ${label(28, 72, 'adasfabrics.kasuwa.shop', { size: 9, fit: 164, fill: '#4a5568' })}
  <rect x="28" y="82" width="164" height="56" rx="10" fill="#0b6e4f"/>
  ${label(40, 106, t(picturesText.banner), { size: 11, fit: 140, bold: true, fill: '#fff' })}
  ${label(40, 124, t(picturesText.offer), { size: 10, fit: 140, fill: '#f4b400' })}
  ${products.map(([name, price, color], i) => {
    const x = 28 + (i % 2) * 86;
    const y = 150 + Math.floor(i / 2) * 128;
    return html`<rect x=${x} y=${y} width="78" height="78" rx="8" fill=${color} opacity=".85"/>
  ${label(x, y + 94, t(name), { size: 9, fit: 78 })}
  ${label(x, y + 108, formatNaira(price), { size: 10, fit: 78, bold: true, fill: '#0b6e4f' })}`;
  })}
  <rect x="28" y="396" width="164" height="22" rx="11" fill="#f4b400"/>
  ${label(110, 411, t(picturesText.orderOnWhatsApp), { size: 10, fit: 152, bold: true, anchor: 'middle' })}`,
    'phone-storefront',
  );
}

const orders = [
  ['#1042', 'Chioma O.', 31_000, picturesText.paid, '#0b6e4f'],
  ['#1041', 'Tunde A.', 12_000, picturesText.shipped, '#2563eb'],
  ['#1040', 'Halima B.', 8_000, picturesText.pending, '#b45309'],
  ['#1039', 'Emeka N.', 45_500, picturesText.paid, '#0b6e4f'],
  ['#1038', 'Zainab M.', 4_000, picturesText.delivered, '#4a5568'],
] as const;

export function ordersPhone(className = '') {
  return phone(
    t(picturesText.ordersLabel),
    html`${label(28, 58, t(picturesText.orders), { size: 15, fit: 110, bold: true })}
  ${label(192, 58, t(picturesText.today), { size: 9, fit: 50, fill: '#4a5568', anchor: 'end' })}
  ${orders.map(([id, name, amount, status, color], i) => {
    const y = 74 + i * 66;
    return html`<rect x="24" y=${y} width="172" height="56" rx="10" fill="#f7faf8" stroke="#e2e8f0"/>
  ${label(36, y + 22, `${id} · ${name}`, { size: 10, fit: 150, bold: true })}
  ${label(36, y + 42, formatNaira(amount), { size: 10, fit: 84 })}
  <rect x="124" y=${y + 31} width="62" height="16" rx="8" fill=${color}/>
  ${label(155, y + 43, t(status), { size: 9, fit: 56, fill: '#fff', anchor: 'middle' })}`;
  })}`,
    className,
  );
}

const bars = [38, 52, 44, 70, 62, 88, 104];

export function analyticsPhone(className = '') {
  const days = t(picturesText.weekdays).split(/\s+/);
  return phone(
    t(picturesText.analyticsLabel),
    html`${label(28, 58, t(picturesText.insights), { size: 15, fit: 164, bold: true })}
  ${label(28, 84, t(picturesText.revenueThisWeek), { size: 9, fit: 164, fill: '#4a5568' })}
  ${label(28, 108, formatNaira(486_500), { size: 20, fit: 164, bold: true })}
  ${label(28, 126, `▲ ${t(picturesText.change, { percent: '24%' })}`, { size: 10, fit: 164, bold: true, fill: '#0b6e4f' })}
  ${bars.map((h, i) => html`<rect x=${32 + i * 23} y=${270 - h} width="14" height=${h} rx="3" fill=${i === bars.length - 1 ? '#f4b400' : '#0b6e4f'}/>`)}
  ${days.map((d, i) => label(39 + i * 23, 286, d, { size: 8, fit: 20, fill: '#4a5568', anchor: 'middle' }))}
  <rect x="24" y="304" width="172" height="48" rx="10" fill="#f7faf8" stroke="#e2e8f0"/>
  ${label(36, 324, t(picturesText.bestSeller), { size: 9, fit: 150, fill: '#4a5568' })}
  ${label(36, 341, `${t(picturesText.tote)} · ${t(picturesText.sold, { count: 23 })}`, { size: 11, fit: 150, bold: true })}
  <rect x="24" y="360" width="172" height="48" rx="10" fill="#f7faf8" stroke="#e2e8f0"/>
  ${label(36, 380, t(picturesText.returning), { size: 9, fit: 150, fill: '#4a5568' })}
  ${label(36, 397, '41%', { size: 11, fit: 150, bold: true })}`,
    className,
  );
}

/** The hero collage: three phones overlapping, the storefront first (site/styles/home.css says why). */
export function phoneCollage() {
  return html`<div class="collage">${storefrontPhone()}${ordersPhone('phone-back-left')}${analyticsPhone('phone-back-right')}</div>`;
}

/** Benefit illustration: stock levels and an order moving through its stages. */
export function inventoryIllustration() {
  const stock = [
    [picturesText.tote, 18, '#0b6e4f'],
    [picturesText.shea, 6, '#b45309'],
    [picturesText.sandals, 2, '#c0392b'],
  ] as const;
  return html`<svg class="illustration" width="480" height="320" viewBox="0 0 480 320" role="img" aria-label=${t(picturesText.inventoryLabel)} font-family=${FONT}>
  <rect width="480" height="320" rx="20" fill="#e8f3ee"/>
  <rect x="24" y="24" width="260" height="200" rx="14" fill="#fff"/>
  ${label(44, 56, t(picturesText.stock), { size: 16, fit: 220, bold: true })}
  ${stock.map(
    ([name, qty, color], i) => html`${label(44, 92 + i * 44, t(name), { size: 13, fit: 136 })}
  <rect x="44" y=${100 + i * 44} width="200" height="8" rx="4" fill="#e2e8f0"/>
  <rect x="44" y=${100 + i * 44} width=${qty * 10} height="8" rx="4" fill=${color}/>
  ${label(264, 92 + i * 44, t(picturesText.left, { count: qty }), { size: 12, fit: 80, bold: true, fill: color, anchor: 'end' })}`,
  )}
  <rect x="200" y="150" width="256" height="146" rx="14" fill="#14213d"/>
  ${label(220, 180, t(picturesText.order, { number: '#1042', amount: formatNaira(31_000) }), { size: 14, fit: 220, bold: true, fill: '#fff' })}
  ${[picturesText.paid, picturesText.shipped, picturesText.delivered].map(
    (s, i) => html`<circle cx=${236 + i * 90} cy="226" r="12" fill=${i < 2 ? '#f4b400' : '#4a5568'}/>
  ${label(236 + i * 90, 264, t(s), { size: 12, fit: i === 0 ? 64 : 76, fill: '#fff', anchor: 'middle' })}`,
  )}
  <path d="M248 226h66M338 226h66" stroke="#f4b400" stroke-width="3" stroke-dasharray="0 0"/>
</svg>`;
}

/** Benefit illustration: revenue trend and the best-selling products. */
export function insightsIllustration() {
  return html`<svg class="illustration" width="480" height="320" viewBox="0 0 480 320" role="img" aria-label=${t(picturesText.insightsLabel)} font-family=${FONT}>
  <rect width="480" height="320" rx="20" fill="#fdf6e3"/>
  <rect x="24" y="24" width="300" height="190" rx="14" fill="#fff"/>
  ${label(44, 56, t(picturesText.revenue30), { size: 16, fit: 264, bold: true })}
  <path d="M44 190 L84 172 L124 178 L164 150 L204 156 L244 120 L284 96 L304 84" fill="none" stroke="#0b6e4f" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M44 190 L84 172 L124 178 L164 150 L204 156 L244 120 L284 96 L304 84 V200 H44Z" fill="#0b6e4f" opacity=".12"/>
  <rect x="220" y="160" width="236" height="136" rx="14" fill="#14213d"/>
  ${label(240, 190, t(picturesText.bestSellers), { size: 14, fit: 196, bold: true, fill: '#fff' })}
  ${(
    [
      [picturesText.tote, 23],
      [picturesText.shea, 17],
      [picturesText.zobo, 12],
    ] as const
  ).map(
    ([name, sold], i) => html`${label(240, 220 + i * 26, `${i + 1}. ${t(name)}`, { size: 13, fit: 112, fill: '#fff' })}
  ${label(436, 220 + i * 26, t(picturesText.sold, { count: sold }), { size: 13, fit: 80, bold: true, fill: '#f4b400', anchor: 'end' })}`,
  )}
</svg>`;
}
