import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { href } from '../locales.js';

/** The main links, shared by the header bar and the mobile drawer. */
export function mainLinks() {
  return html`<li><a href=${href('/#about')}>About</a></li>
<li><a href=${href('/pricing')}>Pricing</a></li>
<li><a href=${brand.links.demoStore} rel="noopener" target="_blank">Demo Store</a></li>
<li><a href=${href('/new-year-sales')}>New Year Sales</a></li>
<li><a href=${brand.links.helpCenter} rel="noopener" target="_blank">Help Center</a></li>`;
}
