import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { href, t } from '../locales.js';
import { languageList, languageMenu } from './language-menu.js';
import { logo } from './logo.js';
import { mainLinks } from './nav-links.js';

export const headerMessages = {
  home: msg({ id: 'site.header.home', message: '{brand} home' }),
  main: msg({ id: 'site.header.mainNav', message: 'Main' }),
  mobile: msg({ id: 'site.header.mobileNav', message: 'Mobile' }),
  startSelling: msg({ id: 'site.cta.startSelling', message: 'Start Selling' }),
  menu: msg({ id: 'site.header.menu', message: 'Menu' }),
  openMenu: msg({ id: 'site.header.openMenu', message: 'Open menu' }),
  closeMenu: msg({ id: 'site.header.closeMenu', message: 'Close menu' }),
};

/**
 * The shared header. Below 800 px the links move into a side drawer: a real <dialog> opened with
 * showModal() (focus moves in and is kept there, Esc closes) by site/client/drawer.ts.
 */
export function siteHeader() {
  const home = t(headerMessages.home, { brand: brand.name });
  return html`<header class="site-header">
  <div class="container header-bar">
    <a class="brand" href=${href('/')} aria-label=${home}>${logo()}</a>
    <nav class="header-nav" aria-label=${t(headerMessages.main)}>
      <ul>${mainLinks()}</ul>
    </nav>
    ${languageMenu()}
    <a class="button button-primary header-cta" href=${href('/#signup')} data-start-selling>${t(headerMessages.startSelling)}</a>
    <button class="menu-button" type="button" commandfor="drawer" command="show-modal" aria-haspopup="dialog" aria-controls="drawer" data-analytics-label="Open menu">
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>
      <span class="visually-hidden">${t(headerMessages.menu)}</span>
    </button>
  </div>
  <dialog class="drawer" id="drawer" aria-label=${t(headerMessages.menu)}>
    <div class="drawer-head">
      <a class="brand" href=${href('/')} aria-label=${home}>${logo()}</a>
      <button class="drawer-close" type="button" commandfor="drawer" command="close" data-close-drawer aria-label=${t(headerMessages.closeMenu)}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>
      </button>
    </div>
    <nav aria-label=${t(headerMessages.mobile)}>
      <ul class="drawer-links">${mainLinks()}</ul>
    </nav>
    ${languageList('drawer-languages')}
    <a class="button button-primary drawer-cta" href=${href('/#signup')} data-start-selling>${t(headerMessages.startSelling)}</a>
  </dialog>
</header>`;
}
