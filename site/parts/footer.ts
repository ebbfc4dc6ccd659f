import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { href, t } from '../locales.js';
import { appBadges } from './app-badges.js';
import { consentSettingsLink } from './consent.js';
import { headerMessages } from './header.js';
import { languageList } from './language-menu.js';
import { logo } from './logo.js';
import { navMessages } from './nav-links.js';

const socialIcons = {
  Instagram: html`<rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="17.5" cy="6.5" r="1.2" fill="currentColor"/>`,
  Facebook: html`<path d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v7h4v-7h3l.5-4H14V8.6c0-.4.3-.6.6-.6z" fill="currentColor"/>`,
  X: html`<path d="M4 4l16 16M20 4L4 20" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>`,
  LinkedIn: html`<rect x="3" y="3" width="18" height="18" rx="3" fill="none" stroke="currentColor" stroke-width="2"/><path d="M8 10v7M8 7v.01M12 17v-7m0 3c0-2 4-3 4 0v4" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>`,
};

const footerText = {
  tagline: msg({ id: 'site.footer.tagline', message: 'Your online store, built for how Nigeria sells.' }),
  company: msg({ id: 'site.footer.company', message: 'Company' }),
  career: msg({ id: 'site.footer.career', message: 'Career' }),
  partners: msg({ id: 'site.footer.partners', message: 'Partner programme' }),
  help: msg({ id: 'site.footer.help', message: 'Help' }),
  customerSupport: msg({ id: 'site.footer.customerSupport', message: 'Customer Support' }),
  faqs: msg({ id: 'site.footer.faqs', message: 'FAQs' }),
  terms: msg({ id: 'site.footer.terms', message: 'Terms & Conditions' }),
  privacy: msg({ id: 'site.footer.privacy', message: 'Privacy Policy' }),
  followUs: msg({ id: 'site.footer.followUs', message: 'Follow us' }),
  language: msg({ id: 'site.language', message: 'Language' }),
  rights: msg({ id: 'site.footer.rights', message: 'All rights reserved. Registered in Nigeria.' }),
};

/** The shared footer. The year is rendered at build time and kept current by the client script. */
export function siteFooter(year = new Date().getFullYear()) {
  const social = [
    ['Instagram', brand.links.instagram],
    ['Facebook', brand.links.facebook],
    ['X', brand.links.x],
    ['LinkedIn', brand.links.linkedin],
  ] as const;
  const nav = navMessages;
  return html`<footer class="site-footer">
  <div class="container footer-grid">
    <div class="footer-brand">
      <a href=${href('/')} aria-label=${t(headerMessages.home, { brand: brand.name })}>${logo()}</a>
      <p>${t(footerText.tagline)}</p>
      ${appBadges()}
    </div>
    <nav aria-labelledby="footer-company">
      <h2 id="footer-company">${t(footerText.company)}</h2>
      <ul>
        <li><a href=${href('/#about')}>${t(nav.about)}</a></li>
        <li><a href=${href('/pricing')}>${t(nav.pricing)}</a></li>
        <li><a href=${brand.links.demoStore} rel="noopener" target="_blank">${t(nav.demoStore)}</a></li>
        <li><a href=${href('/new-year-sales')}>${t(nav.newYearSales)}</a></li>
        <li><a href=${href('/partners/join')}>${t(footerText.partners)}</a></li>
        <li><a href=${href('/#career')}>${t(footerText.career)}</a></li>
      </ul>
    </nav>
    <nav aria-labelledby="footer-help">
      <h2 id="footer-help">${t(footerText.help)}</h2>
      <ul>
        <li><a href=${href('/#customer-support')}>${t(footerText.customerSupport)}</a></li>
        <li><a href=${href('/pricing#faqs')}>${t(footerText.faqs)}</a></li>
        <li><a href=${href('/terms-and-conditions')}>${t(footerText.terms)}</a></li>
        <li><a href=${href('/privacy-policy')}>${t(footerText.privacy)}</a></li>
        ${consentSettingsLink()}
      </ul>
    </nav>
    <nav aria-labelledby="footer-language">
      <h2 id="footer-language">${t(footerText.language)}</h2>
      ${languageList('footer-languages')}
    </nav>
    <nav aria-labelledby="footer-social">
      <h2 id="footer-social">${t(footerText.followUs)}</h2>
      <ul class="social">
        ${social.map(
          ([name, href]) =>
            html`<li><a href=${href} rel="noopener" target="_blank"><svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${socialIcons[name]}</svg>${name}</a></li>`,
        )}
      </ul>
    </nav>
  </div>
  <div class="container footer-legal">
    <p>© <span data-current-year>${year}</span> ${brand.legalName}. ${t(footerText.rights)}</p>
  </div>
</footer>`;
}
