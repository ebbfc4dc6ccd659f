/**
 * The site's renderers for the pages the server answers itself (common/page-renderers.ts). The build
 * emits this as dist/server/site-pages.js, next to the server, which loads it by path at start
 * (SITE_PAGES): the site owns its templates and the server never imports them.
 */

import { DEFAULT_PAGE_LOCALE, isPageLocale } from '../common/locale-paths.js';
import type { PageRenderers, PageRenderersOptions } from '../common/page-renderers.js';
import { DEFAULT_PUBLIC_URL, type SiteConfig } from './config.js';
import type { Assets } from './layout.js';
import { partnerPageRoute } from './pages/partner-page.js';
import { partnerProgrammeRoute } from './pages/partner-programme.js';
import { rankResultRoute } from './pages/rank-result.js';
import { startSellingResultRoute } from './pages/start-selling-result.js';
import { stopMailRoute } from './pages/stop-mail.js';
import { readAssets, renderAll, renderPage } from './render.js';
import type { Route } from './route.js';
import { findRoute } from './routes.js';

export function createPageRenderers(options: PageRenderersOptions): PageRenderers {
  const config: SiteConfig = {
    publicUrl: (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
    production: options.production,
    ...options.analytics,
  };
  // Inlined when built (the build hashed them for the CSP); linked in dev, where vite rebuilds them.
  const assets = (): Assets => {
    try {
      return readAssets(options.siteDir, { inline: !options.onRequest });
    } catch {
      return { scripts: [], styles: [] }; // not built yet: the page still works, unstyled
    }
  };
  // Read once when built; re-read per page in dev, where vite rebuilds the assets under us.
  const built = options.onRequest ? undefined : assets();
  const render = (route: Route, locale: string | null | undefined) =>
    renderPage(route, isPageLocale(locale) ? locale : DEFAULT_PAGE_LOCALE, built ?? assets(), config);
  return {
    signupResult: (outcome, locale) => render(startSellingResultRoute(outcome), locale),
    rankResult: (outcome, locale) => render(rankResultRoute(outcome, config.publicUrl), locale),
    stopMail: (outcome, locale) => render(stopMailRoute(outcome), locale),
    partnerPage: (outcome, locale) => render(partnerPageRoute(outcome), locale),
    partnerProgramme: (outcome, locale) => render(partnerProgrammeRoute(outcome), locale),
    page: options.onRequest
      ? (pathname) => {
          const { route, locale } = findRoute(pathname);
          return { html: render(route, locale), status: route.status ?? 200 };
        }
      : undefined,
    all: options.onRequest ? undefined : () => renderAll(built ?? assets(), config),
  };
}
