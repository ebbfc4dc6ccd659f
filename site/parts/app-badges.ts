import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { t } from '../locales.js';

/**
 * Our own store badges as inline SVG (no third-party images, no extra requests). The label starts with
 * the badge's visible words, so speech users can say what they see (WCAG 2.5.3).
 */
function badge(href: string, small: string, big: string, glyph: ReturnType<typeof html>, label: string) {
  return html`<a class="store-badge" href=${href} rel="noopener" target="_blank" aria-label=${label}>
  <svg width="150" height="46" viewBox="0 0 150 46" aria-hidden="true" focusable="false">
    <rect width="150" height="46" rx="9" fill="#111"/>
    ${glyph}
    <text x="46" y="18" font-family="system-ui, sans-serif" font-size="9" fill="#fff">${small}</text>
    <text x="46" y="35" font-family="system-ui, sans-serif" font-size="15" font-weight="700" fill="#fff">${big}</text>
  </svg>
</a>`;
}

const playGlyph = html`<path d="M15 10l20 13-20 13z" fill="#34d399"/><path d="M15 10l12 13-12 13z" fill="#60a5fa"/><path d="M27 23l8-0.1-20 13z" fill="#f87171"/>`;
const appleGlyph = html`<circle cx="24" cy="27" r="9" fill="#fff"/><path d="M24 18c0-4 3-7 6-7 0 4-3 7-6 7z" fill="#fff"/>`;

const appBadgesText = {
  getItOn: msg({ id: 'site.badge.getItOn', message: 'GET IT ON' }),
  downloadOn: msg({ id: 'site.badge.downloadOn', message: 'Download on the' }),
  googlePlay: msg({ id: 'site.badge.googlePlayLabel', message: 'Get it on Google Play: the {brand} app' }),
  appStore: msg({ id: 'site.badge.appStoreLabel', message: 'Download on the App Store: the {brand} app' }),
};

export function appBadges() {
  return html`<div class="app-badges">
  ${badge(brand.links.googlePlay, t(appBadgesText.getItOn), 'Google Play', playGlyph, t(appBadgesText.googlePlay, { brand: brand.name }))}
  ${badge(brand.links.appStore, t(appBadgesText.downloadOn), 'App Store', appleGlyph, t(appBadgesText.appStore, { brand: brand.name }))}
</div>`;
}
