import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { href } from '../locales.js';
import { languageList, languageMenu } from './language-menu.js';
import { logo } from './logo.js';
import { mainLinks } from './nav-links.js';

/**
 * The shared header. Below 800 px the links move into a side drawer: a real <dialog> opened with
 * showModal() (focus moves in and is kept there, Esc closes) by site/client/drawer.ts.
 */
export function siteHeader() {
  return html`<header class="site-header">
  <div class="container header-bar">
    <a class="brand" href=${href('/')} aria-label="${brand.name} home">${logo()}</a>
    <nav class="header-nav" aria-label="Main">
      <ul>${mainLinks()}</ul>
    </nav>
    ${languageMenu()}
    <a class="button button-primary header-cta" href=${href('/#signup')} data-start-selling>Start Selling</a>
    <button class="menu-button" type="button" commandfor="drawer" command="show-modal" aria-haspopup="dialog" aria-controls="drawer" data-analytics-label="Open menu">
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>
      <span class="visually-hidden">Menu</span>
    </button>
  </div>
  <dialog class="drawer" id="drawer" aria-label="Menu">
    <div class="drawer-head">
      <a class="brand" href=${href('/')} aria-label="${brand.name} home">${logo()}</a>
      <button class="drawer-close" type="button" commandfor="drawer" command="close" data-close-drawer aria-label="Close menu">
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>
      </button>
    </div>
    <nav aria-label="Mobile">
      <ul class="drawer-links">${mainLinks()}</ul>
    </nav>
    ${languageList('drawer-languages')}
    <a class="button button-primary drawer-cta" href=${href('/#signup')} data-start-selling>Start Selling</a>
  </dialog>
</header>`;
}
