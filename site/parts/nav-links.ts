import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { href, t } from '../locales.js';

export const navMessages = {
  about: msg({ id: 'site.nav.about', message: 'About' }),
  pricing: msg({ id: 'site.nav.pricing', message: 'Pricing' }),
  demoStore: msg({ id: 'site.nav.demoStore', message: 'Demo Store' }),
  newYearSales: msg({ id: 'site.nav.newYearSales', message: 'New Year Sales' }),
  helpCenter: msg({ id: 'site.nav.helpCenter', message: 'Help Center' }),
};

/** The main links, shared by the header bar and the mobile drawer. */
export function mainLinks() {
  return html`<li><a href=${href('/#about')}>${t(navMessages.about)}</a></li>
<li><a href=${href('/pricing')}>${t(navMessages.pricing)}</a></li>
<li><a href=${brand.links.demoStore} rel="noopener" target="_blank">${t(navMessages.demoStore)}</a></li>
<li><a href=${href('/new-year-sales')}>${t(navMessages.newYearSales)}</a></li>
<li><a href=${brand.links.helpCenter} rel="noopener" target="_blank">${t(navMessages.helpCenter)}</a></li>`;
}
