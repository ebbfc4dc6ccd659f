import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { logo } from './logo.js';

export function siteFooter(year = new Date().getFullYear()) {
  return html`<footer class="site-footer">
  <div class="container footer-grid">
    <div class="footer-brand">
      <a href="/" aria-label="${brand.name} home">${logo()}</a>
      <p>${brand.tagline}.</p>
    </div>
    <nav aria-labelledby="footer-company">
      <h2 id="footer-company">Company</h2>
      <ul>
        <li><a href="/#about">About</a></li>
        <li><a href="/pricing">Pricing</a></li>
        <li><a href=${brand.links.demoStore} rel="noopener" target="_blank">Demo Store</a></li>
        <li><a href="/new-year-sales">New Year Sales</a></li>
        <li><a href="/#career">Career</a></li>
      </ul>
    </nav>
    <nav aria-labelledby="footer-help">
      <h2 id="footer-help">Help</h2>
      <ul>
        <li><a href="/#customer-support">Customer Support</a></li>
        <li><a href="/pricing#faqs">FAQs</a></li>
        <li><a href="/terms-and-conditions">Terms &amp; Conditions</a></li>
        <li><a href="/privacy-policy">Privacy Policy</a></li>
      </ul>
    </nav>
    <nav aria-labelledby="footer-social">
      <h2 id="footer-social">Follow us</h2>
      <ul>
        <li><a href=${brand.links.instagram} rel="noopener" target="_blank">Instagram</a></li>
        <li><a href=${brand.links.facebook} rel="noopener" target="_blank">Facebook</a></li>
        <li><a href=${brand.links.x} rel="noopener" target="_blank">X</a></li>
        <li><a href=${brand.links.linkedin} rel="noopener" target="_blank">LinkedIn</a></li>
      </ul>
    </nav>
  </div>
  <div class="container footer-legal">
    <p>© ${year} ${brand.legalName}. All rights reserved.</p>
  </div>
</footer>`;
}
