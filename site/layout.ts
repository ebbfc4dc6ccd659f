/** The HTML document around every page: head, shared header and footer, the site and widget scripts. */

import { msg } from '@lingui/core/macro';
import { html as documentHtml } from '@lit-labs/ssr';
import { html, nothing } from 'lit-html';
import { unsafeHTML } from 'lit-html/directives/unsafe-html.js';
import { brand } from '../common/brand.js';
import { consentVersion } from '../common/consent-version.js';
import { PAGE_LOCALES } from '../common/locale-paths.js';
import type { SiteConfig } from './config.js';
import { OG_LOCALES, pageLang, pageLocale, t } from './locales.js';
import type { PageScript } from './page-scripts.js';
import { asksConsent, consentDialog } from './parts/consent.js';
import { siteFooter } from './parts/footer.js';
import { siteHeader } from './parts/header.js';
import { ICON_URL } from './parts/logo.js';
import { type Route, text } from './route.js';
import { pageUrl } from './routes.js';
import { organization } from './structured-data.js';
import { PAGE_STYLE_PARTS, type PageStylePart, type StylePart } from './styles/parts.js';

/**
 * The site's built assets. `styles`: each part of the stylesheet (site/styles/parts.ts) in cascade order,
 * with its text (`css`) to go inline in the <head>, a page's parts in one <style> (no round trip before
 * the first paint; the build hashes each such <style> for the CSP, scripts/build.mjs), or without it to be
 * linked (`npm run dev`, where vite rebuilds them under a running server).
 */
export type StyleAsset = { part: StylePart; href: string; css?: string };
/** `pageScripts`: the built address of each script only some pages load (site/page-scripts.ts). */
export type Assets = { scripts: string[]; styles: StyleAsset[]; pageScripts?: Partial<Record<PageScript, string>> };

/** A stylesheet's text as a <style> element (raw text: lit-html binds no expression inside <style>). */
function inlineStyle(css: string) {
  if (/<\/style/i.test(css)) throw new Error('a stylesheet to inline contains </style');
  return unsafeHTML(`<style>${css}</style>`);
}

/** The shared parts of the stylesheet and the page parts named, in cascade order: a text page carries no home-page CSS. */
export function stylesFor(pageParts: readonly PageStylePart[] | undefined, styles: StyleAsset[]): StyleAsset[] {
  const isPagePart = (part: StylePart) => (PAGE_STYLE_PARTS as readonly StylePart[]).includes(part);
  return styles.filter(({ part }) => !isPagePart(part) || pageParts?.includes(part as PageStylePart));
}

/**
 * The text of the one <style> a page's parts make: one per part painted 60-80 ms later at 8x CPU when
 * uncompressed, and no sooner with brotli (docs/benchmarks.md, "One page's CSS"). The build
 * hashes it for every set of page parts.
 */
export const inlineCss = (styles: StyleAsset[]) => styles.map(({ css }) => css ?? '').join('\n');

function pageStyles(route: Route, styles: StyleAsset[]) {
  const own = stylesFor(route.styles, styles);
  if (own.every(({ css }) => css !== undefined)) return inlineStyle(inlineCss(own));
  return own.map(({ href }) => html`<link rel="stylesheet" href=${href}>`);
}

export const WIDGETS_SCRIPT = '/widgets/kasuwa-widgets.js';

/**
 * Chromium paints a page in pieces as its HTML arrives (a weak signal, a slow CPU); the header's right-hand
 * half arriving then moved its left-hand half. Rendering waits for <main>'s start tag, so the first frame
 * has the whole header; what follows is laid out so that no piece moves (docs/site.md, "Painted in pieces").
 */
const PAINT_HEADER_WHOLE = html`<link rel="expect" href="#main" blocking="render">`;

/**
 * The site's script, the page's own scripts and the widget loader, module scripts with the HTML. The
 * site's carries the web app manifest's address (`data-manifest`), which it links after the first paint
 * (site/client/main.ts).
 */
function pageScripts(siteScripts: string[], ownScripts: string[]) {
  const script = (src: string, attributes = '') => {
    if (/[\s"&<>]/.test(src)) throw new Error(`a page script's address needs escaping: ${src}`);
    return `<script type="module" src="${src}"${attributes}></script>`;
  };
  return unsafeHTML(
    [
      ...siteScripts.map((src) => script(src, ' data-manifest="/manifest.webmanifest"')),
      ...ownScripts.map((src) => script(src)),
      script(WIDGETS_SCRIPT),
    ].join('\n'),
  );
}

/** JSON-LD is data, not script: allowed under a CSP without 'unsafe-inline'. `<` is escaped. */
function jsonLd(data: object) {
  return unsafeHTML(`<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);
}

const meta = (name: string, content: string | undefined) =>
  content ? html`<meta name=${name} content=${content}>` : nothing;

/**
 * The page's other languages for search engines: every language's address (itself included) and
 * English as x-default. The not-found page has no address of its own, so none.
 */
function alternates(route: Route, config: SiteConfig) {
  if (route.status === 404) return nothing;
  return html`${PAGE_LOCALES.map(
    (locale) => html`<link rel="alternate" hreflang=${locale} href=${pageUrl(config, route, locale)}>
`,
  )}<link rel="alternate" hreflang="x-default" href=${pageUrl(config, route, 'en')}>`;
}

/** The document for the page's language (pageLocale(): site/render.ts renders each language in turn). */
export function documentFor(route: Route, assets: Assets, config: SiteConfig) {
  const locale = pageLocale();
  const analyticsTitle = route.analyticsTitle ?? '';
  const url = pageUrl(config, route, locale);
  const ogImage = `${config.publicUrl}/og/${route.ogImage ?? 'home'}.png`;
  const indexable = route.status !== 404 && route.indexable !== false;
  const title = text(route.title);
  const description = text(route.description);
  return documentHtml`<!doctype html>
<html lang=${pageLang()}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content=${description}>
<meta name="theme-color" content="#0b6e4f">
${indexable ? html`<link rel="canonical" href=${url}>` : html`<meta name="robots" content="noindex">`}
${alternates(route, config)}
<meta property="og:type" content="website">
<meta property="og:site_name" content=${brand.name}>
<meta property="og:title" content=${title}>
<meta property="og:description" content=${description}>
<meta property="og:url" content=${url}>
<meta property="og:image" content=${ogImage}>
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:locale" content=${OG_LOCALES[locale]}>
${PAGE_LOCALES.filter((other) => other !== locale).map((other) => html`<meta property="og:locale:alternate" content=${OG_LOCALES[other]}>`)}
<meta name="twitter:card" content="summary_large_image">
<link rel="icon" href=${ICON_URL} type="image/svg+xml">
<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">
<meta name="kasuwa-page-title" content=${analyticsTitle}>
<meta name="kasuwa-env" content=${config.production ? 'production' : 'development'}>
${meta('kasuwa-ga-id', config.gaId)}
${meta('kasuwa-pixel-id', config.pixelId)}
${meta('kasuwa-chat-id', config.chatId)}
${meta('kasuwa-consent-version', asksConsent() ? consentVersion(config) : undefined)}
${pageStyles(route, assets.styles)}
${PAINT_HEADER_WHOLE}
${pageScripts(
  assets.scripts,
  (route.scripts ?? []).flatMap((name) => assets.pageScripts?.[name] ?? []),
)}
${jsonLd(organization(config))}
${(route.structuredData?.(config) ?? []).map(jsonLd)}
</head>
<body>
<a class="skip-link" href="#main">${t(msg({ id: 'site.skipToContent', message: 'Skip to content' }))}</a>
${siteHeader()}
<main id="main">${route.body()}</main>
${siteFooter()}
<start-selling-modal></start-selling-modal>
${consentDialog()}
</body>
</html>`;
}
