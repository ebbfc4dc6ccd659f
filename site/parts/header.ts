import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { logo } from './logo.js';

export function siteHeader() {
  return html`<header class="site-header">
  <div class="container header-bar">
    <a class="brand" href="/" aria-label="${brand.name} home">${logo()}</a>
    <nav class="header-nav" aria-label="Main">
      <ul>
        <li><a href="/#about">About</a></li>
        <li><a href="/pricing">Pricing</a></li>
        <li><a href=${brand.links.demoStore} rel="noopener" target="_blank">Demo Store</a></li>
        <li><a href="/new-year-sales">New Year Sales</a></li>
        <li><a href=${brand.links.helpCenter} rel="noopener" target="_blank">Help Center</a></li>
      </ul>
    </nav>
    <span class="lang" title="English">EN</span>
    <a class="button button-primary" href="/#signup" data-start-selling>Start Selling</a>
  </div>
</header>`;
}
