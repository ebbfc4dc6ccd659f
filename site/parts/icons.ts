import { html } from 'lit-html';

/** Small decorative icons for feature lists (inline SVG, hidden from assistive technology). */
const paths = {
  store: html`<path d="M4 10h16l-2-5H6zM5 10v9h14v-9M9 19v-5h6v5" />`,
  box: html`<path d="M3 7l9-4 9 4-9 4zM3 7v10l9 4 9-4V7M12 11v10" />`,
  receipt: html`<path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h4" />`,
  shield: html`<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5" />`,
  tag: html`<path d="M3 12V4h8l10 10-8 8zM7.5 7.5h.01" />`,
  cart: html`<path d="M3 4h2l2.5 11h11L21 7H7M10 20h.01M17 20h.01" />`,
  rocket: html`<path d="M12 3c4 2 6 6 5 11l-3 3h-4l-3-3c-1-5 1-9 5-11zM9 17l-3 4M15 17l3 4M12 9h.01" />`,
  user: html`<path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6" />`,
} as const;

export type IconName = keyof typeof paths;

export function icon(name: IconName) {
  return html`<svg class="icon" width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${paths[name]}</svg>`;
}
