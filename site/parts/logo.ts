import { html } from 'lit-html';
import { unsafeSVG } from 'lit-html/directives/unsafe-svg.js';
import { brand } from '../../common/brand.js';

/** The market-stall glyph, 32×32. */
const GLYPH = `<rect width="32" height="32" rx="8" fill="#0b6e4f"/><path d="M7 12h18l-2-5H9zM9 14v10h14V14" fill="none" stroke="#fff" stroke-width="2.2" stroke-linejoin="round"/><path d="M13 24v-5h6v5" fill="none" stroke="#f4b400" stroke-width="2.2"/>`;

/**
 * The glyph as each page's icon, a data: address: the browser fetches nothing for it as the HTML ends
 * (docs/site.md, "After the first paint"). Search engines take the apple-touch-icon, a file.
 */
export const ICON_URL = `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${GLYPH}</svg>`)}`;

/** The wordmark: a market-stall glyph and the brand name, as inline SVG (no extra request). */
export function logo() {
  return html`<svg class="logo" width="132" height="32" viewBox="0 0 132 32" role="img" aria-label=${brand.name}>
  ${unsafeSVG(GLYPH)}
  <text x="40" y="23" font-family="system-ui, sans-serif" font-size="19" font-weight="700" fill="currentColor">${brand.name}</text>
</svg>`;
}
