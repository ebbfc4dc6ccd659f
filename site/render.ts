/**
 * Renders the site's lit-html templates to static HTML at build time (scripts/build.mjs); the pages
 * the server renders per request go through site/page-renderers.ts. The pages are never hydrated, so
 * lit's SSR markers are stripped from the output. Deployment settings (canonical origin, analytics IDs) are
 * the server's, handed over at start (site/config.ts); the build renders with none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { localeFile, PAGE_LOCALES, type PageLocale } from '../common/locale-paths.js';
import { type SiteConfig, siteConfigFromEnv } from './config.js';
import { type Assets, documentFor, inlineCss, stylesFor } from './layout.js';
import { inPage } from './locales.js';
import { PAGE_SCRIPTS, type PageScript } from './page-scripts.js';
import type { Route } from './route.js';
import { robotsTxt, routes, sitemap } from './routes.js';
import { PAGE_STYLE_PARTS, type PageStylePart, STYLE_PARTS } from './styles/parts.js';

export { siteConfigFromEnv } from './config.js';

export { routes };

// `<?>` is the marker lit-html appends to a template that ends in an expression.
const LIT_MARKERS = /<!--\/?lit-(?:part|node)[^>]*-->|<\?lit\$[^>]*\?>|<\?>/g;

export function renderToString(template: unknown): string {
  return collectResultSync(render(template)).replace(LIT_MARKERS, '');
}

export type RenderedPage = { file: string; html: string; status: number };

/**
 * The configuration a page renders with: a page whose address carries a secret (`secretInAddress`)
 * gets none of the third parties' IDs, so it carries no ID for the site's script to load them by, no
 * cookie question, no Cookie settings link and no chat button (docs/site.md, "Pages with a secret in
 * their address").
 */
function configFor(route: Route, config: SiteConfig): SiteConfig {
  return withoutThirdParties(route) ? { ...config, gaId: undefined, pixelId: undefined, chatId: undefined } : config;
}

/** A page with a secret in its address, or one that echoes an address typed: no third party, no page view. */
const withoutThirdParties = (route: Route) => route.secretInAddress || route.personalInPage;

/**
 * One page in one language, as a complete document. A page with a secret in its address also sends no
 * analytics page view (an empty `kasuwa-page-title`), and with no IDs the site's script sets up no
 * gtag, so its clicks stay a local DOM event.
 * `pseudo`: English lengthened by 40% (docs/languages.md), for the overflow test (e2e/site-overflow.e2e.ts).
 */
export function renderPage(route: Route, locale: PageLocale | 'pseudo', assets: Assets, config: SiteConfig): string {
  const pageConfig = configFor(route, config);
  const page: Route = withoutThirdParties(route) ? { ...route, analyticsTitle: undefined } : route;
  return inPage({ locale, path: page.languagePath ?? page.path, config: pageConfig }, () =>
    renderToString(documentFor(page, assets, pageConfig)),
  );
}

/** Every page in every language (English at the root, the others under their prefix), plus sitemap.xml and robots.txt (they need the public origin too). */
export function renderAll(assets: Assets, config: SiteConfig = siteConfigFromEnv()): RenderedPage[] {
  return [
    ...PAGE_LOCALES.flatMap((locale) =>
      routes.map((route) => ({
        file: localeFile(locale, route.file),
        html: renderPage(route, locale, assets, config),
        status: route.status ?? 200,
      })),
    ),
    { file: 'sitemap.xml', html: sitemap(config), status: 200 },
    { file: 'robots.txt', html: robotsTxt(config), status: 200 },
  ];
}

/**
 * The inline <style> text of every set of page parts a page could name (the pages the server renders
 * per request included), for the CSP's hashes (scripts/build.mjs).
 */
export function everyInlineCss(assets: Assets): string[] {
  const sets: PageStylePart[][] = [[]];
  for (const part of PAGE_STYLE_PARTS) sets.push(...sets.map((set) => [...set, part]));
  return sets.map((set) => inlineCss(stylesFor(set, assets.styles)));
}

type ViteManifest = Record<string, { file: string }>;

/**
 * The hashed file names of the site's entry script and of each part of its stylesheet, from vite's
 * manifest, with the parts' texts to inline (`inline`, the default) or only their addresses to link.
 */
export function readAssets(siteDir: string, { inline = true } = {}): Assets {
  const manifestFile = path.join(siteDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
  const built = (source: string) => {
    const entry = manifest[source];
    if (!entry) throw new Error(`${manifestFile} has no entry for ${source}`);
    return entry.file;
  };
  const styles = STYLE_PARTS.map((part) => {
    const file = built(`site/styles/${part}.css`);
    const css = inline ? fs.readFileSync(path.join(siteDir, file), 'utf8').trim() : undefined;
    return { part, href: `/${file}`, css };
  });
  const pageScripts = Object.fromEntries(
    Object.entries(PAGE_SCRIPTS).map(([name, source]) => [name, `/${built(source)}`]),
  ) as Record<PageScript, string>;
  return { scripts: [`/${built('site/client/main.ts')}`], styles, pageScripts };
}
