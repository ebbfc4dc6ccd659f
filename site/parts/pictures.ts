/**
 * Our own pictures as inline SVG (no requests, no third-party images, sized so nothing shifts):
 * three phone mock-ups (store front, order list, analytics chart) and two benefit illustrations.
 */
import { html, type TemplateResult } from 'lit-html';
import { formatNaira } from '../../common/money.js';

function phone(label: string, screen: TemplateResult, className = '') {
  return html`<svg class="phone ${className}" width="220" height="440" viewBox="0 0 220 440" role="img" aria-label=${label}>
  <rect x="2" y="2" width="216" height="436" rx="32" fill="#14213d"/>
  <rect x="12" y="12" width="196" height="416" rx="24" fill="#fff"/>
  <rect x="80" y="20" width="60" height="8" rx="4" fill="#14213d"/>
  ${screen}
</svg>`;
}

const products = [
  ['Ankara tote', 15_500, '#f4b400'],
  ['Shea butter', 4_000, '#0b6e4f'],
  ['Beaded sandals', 12_000, '#e76f51'],
  ['Zobo (1L)', 1_500, '#8e2c48'],
] as const;

export function storefrontPhone() {
  return phone(
    'A Kasuwa store front on a phone: Ada’s Fabrics with four products and prices in naira',
    html`<text x="28" y="56" font-family="system-ui,sans-serif" font-size="15" font-weight="700" fill="#14213d">Ada’s Fabrics</text>
  <text x="28" y="72" font-family="system-ui,sans-serif" font-size="9" fill="#4a5568">adasfabrics.kasuwa.shop</text>
  <rect x="28" y="82" width="164" height="56" rx="10" fill="#0b6e4f"/>
  <text x="40" y="106" font-family="system-ui,sans-serif" font-size="11" font-weight="700" fill="#fff">New Year Sale</text>
  <text x="40" y="124" font-family="system-ui,sans-serif" font-size="10" fill="#f4b400">20% off all bags</text>
  ${products.map(([name, price, color], i) => {
    const x = 28 + (i % 2) * 86;
    const y = 150 + Math.floor(i / 2) * 128;
    return html`<rect x=${x} y=${y} width="78" height="78" rx="8" fill=${color} opacity=".85"/>
  <text x=${x} y=${y + 94} font-family="system-ui,sans-serif" font-size="9.5" fill="#14213d">${name}</text>
  <text x=${x} y=${y + 108} font-family="system-ui,sans-serif" font-size="10" font-weight="700" fill="#0b6e4f">${formatNaira(price)}</text>`;
  })}
  <rect x="28" y="396" width="164" height="22" rx="11" fill="#f4b400"/>
  <text x="110" y="411" text-anchor="middle" font-family="system-ui,sans-serif" font-size="10" font-weight="700" fill="#14213d">Order on WhatsApp</text>`,
    'phone-storefront',
  );
}

const orders = [
  ['#1042', 'Chioma O.', 31_000, 'Paid', '#0b6e4f'],
  ['#1041', 'Tunde A.', 12_000, 'Shipped', '#2563eb'],
  ['#1040', 'Halima B.', 8_000, 'Pending', '#b45309'],
  ['#1039', 'Emeka N.', 45_500, 'Paid', '#0b6e4f'],
  ['#1038', 'Zainab M.', 4_000, 'Delivered', '#4a5568'],
] as const;

export function ordersPhone(className = '') {
  return phone(
    'The order list on a phone: five recent orders with amounts and statuses',
    html`<text x="28" y="58" font-family="system-ui,sans-serif" font-size="15" font-weight="700" fill="#14213d">Orders</text>
  <text x="192" y="58" text-anchor="end" font-family="system-ui,sans-serif" font-size="9" fill="#4a5568">Today</text>
  ${orders.map(([id, name, amount, status, color], i) => {
    const y = 74 + i * 66;
    return html`<rect x="24" y=${y} width="172" height="56" rx="10" fill="#f7faf8" stroke="#e2e8f0"/>
  <text x="36" y=${y + 22} font-family="system-ui,sans-serif" font-size="10" font-weight="700" fill="#14213d">${id} · ${name}</text>
  <text x="36" y=${y + 42} font-family="system-ui,sans-serif" font-size="10" fill="#14213d">${formatNaira(amount)}</text>
  <rect x="124" y=${y + 31} width="62" height="16" rx="8" fill=${color}/>
  <text x="155" y=${y + 43} text-anchor="middle" font-family="system-ui,sans-serif" font-size="8.5" fill="#fff">${status}</text>`;
  })}`,
    className,
  );
}

const bars = [38, 52, 44, 70, 62, 88, 104];

export function analyticsPhone(className = '') {
  return phone(
    'Sales analytics on a phone: revenue up 24 percent this week, with a bar chart per day',
    html`<text x="28" y="58" font-family="system-ui,sans-serif" font-size="15" font-weight="700" fill="#14213d">Insights</text>
  <text x="28" y="84" font-family="system-ui,sans-serif" font-size="9" fill="#4a5568">Revenue this week</text>
  <text x="28" y="108" font-family="system-ui,sans-serif" font-size="20" font-weight="700" fill="#14213d">${formatNaira(486_500)}</text>
  <text x="28" y="126" font-family="system-ui,sans-serif" font-size="10" font-weight="700" fill="#0b6e4f">▲ 24% on last week</text>
  ${bars.map((h, i) => html`<rect x=${32 + i * 23} y=${270 - h} width="14" height=${h} rx="3" fill=${i === bars.length - 1 ? '#f4b400' : '#0b6e4f'}/>`)}
  ${['M', 'T', 'W', 'T', 'F', 'S', 'S'].map((d, i) => html`<text x=${39 + i * 23} y="286" text-anchor="middle" font-family="system-ui,sans-serif" font-size="8" fill="#4a5568">${d}</text>`)}
  <rect x="24" y="304" width="172" height="48" rx="10" fill="#f7faf8" stroke="#e2e8f0"/>
  <text x="36" y="324" font-family="system-ui,sans-serif" font-size="9" fill="#4a5568">Best seller</text>
  <text x="36" y="341" font-family="system-ui,sans-serif" font-size="11" font-weight="700" fill="#14213d">Ankara tote · 23 sold</text>
  <rect x="24" y="360" width="172" height="48" rx="10" fill="#f7faf8" stroke="#e2e8f0"/>
  <text x="36" y="380" font-family="system-ui,sans-serif" font-size="9" fill="#4a5568">Returning customers</text>
  <text x="36" y="397" font-family="system-ui,sans-serif" font-size="11" font-weight="700" fill="#14213d">41%</text>`,
    className,
  );
}

/** The hero collage: three phones overlapping. */
export function phoneCollage() {
  return html`<div class="collage">${ordersPhone('phone-back-left')}${storefrontPhone()}${analyticsPhone('phone-back-right')}</div>`;
}

/** Benefit illustration: stock levels and an order moving through its stages. */
export function inventoryIllustration() {
  const stock = [
    ['Ankara tote', 18, '#0b6e4f'],
    ['Shea butter', 6, '#b45309'],
    ['Beaded sandals', 2, '#c0392b'],
  ] as const;
  return html`<svg class="illustration" width="480" height="320" viewBox="0 0 480 320" role="img" aria-label="Stock levels per product, with a low-stock warning, and an order moving from paid to shipped to delivered">
  <rect width="480" height="320" rx="20" fill="#e8f3ee"/>
  <rect x="24" y="24" width="260" height="200" rx="14" fill="#fff"/>
  <text x="44" y="56" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#14213d">Stock</text>
  ${stock.map(
    (
      [name, qty, color],
      i,
    ) => html`<text x="44" y=${92 + i * 44} font-family="system-ui,sans-serif" font-size="13" fill="#14213d">${name}</text>
  <rect x="44" y=${100 + i * 44} width="200" height="8" rx="4" fill="#e2e8f0"/>
  <rect x="44" y=${100 + i * 44} width=${qty * 10} height="8" rx="4" fill=${color}/>
  <text x="264" y=${92 + i * 44} text-anchor="end" font-family="system-ui,sans-serif" font-size="12" font-weight="700" fill=${color}>${qty} left</text>`,
  )}
  <rect x="200" y="150" width="256" height="146" rx="14" fill="#14213d"/>
  <text x="220" y="180" font-family="system-ui,sans-serif" font-size="14" font-weight="700" fill="#fff">Order #1042 · ${formatNaira(31_000)}</text>
  ${['Paid', 'Shipped', 'Delivered'].map(
    (s, i) => html`<circle cx=${236 + i * 90} cy="226" r="12" fill=${i < 2 ? '#f4b400' : '#4a5568'}/>
  <text x=${236 + i * 90} y="264" text-anchor="middle" font-family="system-ui,sans-serif" font-size="12" fill="#fff">${s}</text>`,
  )}
  <path d="M248 226h66M338 226h66" stroke="#f4b400" stroke-width="3" stroke-dasharray="0 0"/>
</svg>`;
}

/** Benefit illustration: revenue trend and the best-selling products. */
export function insightsIllustration() {
  return html`<svg class="illustration" width="480" height="320" viewBox="0 0 480 320" role="img" aria-label="A revenue line chart rising over a month and a ranking of the three best-selling products">
  <rect width="480" height="320" rx="20" fill="#fdf6e3"/>
  <rect x="24" y="24" width="300" height="190" rx="14" fill="#fff"/>
  <text x="44" y="56" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#14213d">Revenue, last 30 days</text>
  <path d="M44 190 L84 172 L124 178 L164 150 L204 156 L244 120 L284 96 L304 84" fill="none" stroke="#0b6e4f" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M44 190 L84 172 L124 178 L164 150 L204 156 L244 120 L284 96 L304 84 V200 H44Z" fill="#0b6e4f" opacity=".12"/>
  <rect x="220" y="160" width="236" height="136" rx="14" fill="#14213d"/>
  <text x="240" y="190" font-family="system-ui,sans-serif" font-size="14" font-weight="700" fill="#fff">Best sellers</text>
  ${[
    ['1. Ankara tote', 23],
    ['2. Shea butter', 17],
    ['3. Zobo (1L)', 12],
  ].map(
    (
      [name, sold],
      i,
    ) => html`<text x="240" y=${220 + i * 26} font-family="system-ui,sans-serif" font-size="13" fill="#fff">${name}</text>
  <text x="436" y=${220 + i * 26} text-anchor="end" font-family="system-ui,sans-serif" font-size="13" font-weight="700" fill="#f4b400">${sold} sold</text>`,
  )}
</svg>`;
}
