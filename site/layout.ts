/** The HTML document around every page: head, shared header and footer, the site and widget scripts. */
import { html as documentHtml } from '@lit-labs/ssr';
import { html } from 'lit-html';
import { brand } from '../common/brand.js';
import { siteFooter } from './parts/footer.js';
import { siteHeader } from './parts/header.js';
import type { Route } from './routes.js';

export type Assets = { scripts: string[]; styles: string[] };

export const WIDGETS_SCRIPT = '/widgets/kasuwa-widgets.js';

export function documentFor(route: Route, assets: Assets) {
  const analyticsTitle = route.analyticsTitle ?? '';
  return documentHtml`<!doctype html>
<html lang="en-NG">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${route.title}</title>
<meta name="description" content=${route.description}>
<meta name="theme-color" content="#0b6e4f">
<meta name="kasuwa-page-title" content=${analyticsTitle}>
${assets.styles.map((href) => html`<link rel="stylesheet" href=${href}>`)}
${assets.scripts.map((src) => html`<script type="module" src=${src}></script>`)}
<script type="module" src=${WIDGETS_SCRIPT}></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
${siteHeader()}
<main id="main">${route.body()}</main>
${siteFooter()}
<start-selling-modal></start-selling-modal>
</body>
</html>`;
}

export const pageLinks = {
  home: '/',
  pricing: '/pricing',
  newYearSales: '/new-year-sales',
  privacy: '/privacy-policy',
  terms: '/terms-and-conditions',
  demoStore: brand.links.demoStore,
  helpCenter: brand.links.helpCenter,
} as const;
