/**
 * Routes HTTP requests: the GraphQL endpoint, health, the no-JavaScript signup and rank pages (rendered
 * by the site's renderers it is handed), widgets, the built site with clean URLs, and the not-found
 * page for everything else. No business logic here: resolvers call the capabilities through services.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_PAGE_LOCALE, localeFile, localePath, splitLocale } from '../../common/locale-paths.js';
import { RANK_PAGE_PATH, STOP_PATH } from '../../common/page-renderers.js';
import { PARTNER_CONFIRM_PATH, PARTNER_JOIN_PATH, PARTNER_NEW_LINK_PATH } from '../../common/partner-programme.js';
import { PARTNER_PAGE_PATH } from '../../common/partner-report.js';
import type { Services } from '../services.js';
import { clientIp } from './client-ip.js';
import { CONSENT_PATH, handleConsent } from './consent.js';
import { createGraphQLEndpoint } from './graphql-endpoint.js';
import { handleIngest, INGEST_PATH, tokenMatches } from './ingest.js';
import { type GivenRenderers, sendHtml } from './page.js';
import { partnerPage } from './partner-page.js';
import { confirmPage, joinForm, newLinkForm } from './partner-programme.js';
import { rankPage } from './rank-page.js';
import { MemoryFiles } from './rendered-pages.js';
import { requestUrl } from './request-url.js';
import { applyHeaders, builtStyleHashes, graphqlCors, secretAddressHeaders, securityHeaders } from './security.js';
import { SECURITY_TXT_PATH, sendSecurityTxt } from './security-txt.js';
import { startSellingForm } from './start-selling-form.js';
import { StaticFiles } from './static.js';
import { stopMail } from './unsubscribe.js';
import { builtVersion, widgetVersions } from './widget-versions.js';

export type { GivenRenderers } from './page.js';

/** The Prometheus text exposition of this server's metrics. */
export async function sendMetrics(services: Pick<Services, 'metrics'>, res: ServerResponse): Promise<void> {
  const text = await services.metrics.text();
  res.writeHead(200, { 'Content-Type': services.metrics.contentType, 'Cache-Control': 'no-store' });
  res.end(text);
}

/** Clean URL → file in dist/site (a language's home page is `/yo/` → `/yo/index.html`). */
export function sitePathToFile(pathname: string): string | undefined {
  const { locale, path } = splitLocale(pathname);
  if (path === '/') return pathname.endsWith('/') ? `/${localeFile(locale, 'index.html')}` : undefined;
  if (pathname.endsWith('/')) return undefined;
  if (/\.[a-z0-9]+$/i.test(pathname)) return pathname.endsWith('.html') ? undefined : pathname;
  return `${pathname}.html`;
}

export function createApp(services: Services, options: GivenRenderers = {}) {
  const { config } = services;
  // `npm run dev` rebuilds its folders under the running server: read from disk there, from memory elsewhere.
  const memory = config.siteRender === 'on-request' ? 'disk' : 'all';
  const site = new StaticFiles(config.siteDir, { immutableHashed: true, previousBuilds: true, memory });
  // The pages and sitemap with this server's configuration, rendered now; dist/site keeps the assets.
  const pages = options.all ? new MemoryFiles(options.all()) : undefined;
  const lookup = (file: string) => pages?.lookup(file) ?? site.lookup(file);
  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    entry: NonNullable<ReturnType<typeof lookup>>,
    status = 200,
  ) => ('body' in entry ? (pages as MemoryFiles).send(req, res, entry, status) : site.send(req, res, entry, status));
  const widgets = new StaticFiles(config.widgetsDir, { immutableHashed: true, previousBuilds: true, memory });
  const widgetVersion = widgetVersions(widgets, builtVersion(config.widgetsDir), config.widgetReleasesDir);
  const graphql = createGraphQLEndpoint(services, (req) => clientIp(req, config.trustProxy));
  const styleHashes = builtStyleHashes(config.siteDir, config.widgetsDir);
  const headers = securityHeaders(config, styleHashes);
  const secretPageHeaders = secretAddressHeaders(config, styleHashes);

  /** The not-found page in the language of the path's prefix (`/ha/nothing-here` → Hausa). */
  async function notFound(req: IncomingMessage, res: ServerResponse, pathname = '/') {
    const { locale } = splitLocale(pathname);
    if (options.page) return sendHtml(res, 404, options.page(localePath(locale, '/404')).html);
    const entry = lookup(`/${localeFile(locale, '404.html')}`) ?? lookup('/404.html');
    if (entry) return send(req, res, entry, 404);
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('404 Page not found');
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    applyHeaders(res, headers);
    const url = requestUrl(req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFound(req, res);
    }

    if (pathname === '/graphql') {
      graphqlCors(req, res, config.corsOrigins);
      if (req.method === 'OPTIONS') {
        res.statusCode = 204;
        res.end();
        return;
      }
      return graphql(req, res);
    }

    if (pathname === '/start-selling' && req.method === 'POST') return startSellingForm(services, options, req, res);
    // Their answers may echo the address typed: served as secret pages are (no third-party host).
    if (pathname === PARTNER_JOIN_PATH && req.method === 'POST') {
      applyHeaders(res, secretPageHeaders);
      return joinForm(services, options, req, res);
    }
    if (pathname === PARTNER_NEW_LINK_PATH && req.method === 'POST') {
      applyHeaders(res, secretPageHeaders);
      return newLinkForm(services, options, req, res);
    }

    if (pathname === INGEST_PATH) return handleIngest(services, req, res);

    if (pathname === CONSENT_PATH) return handleConsent(services, req, res);

    // Any method: the page's button and a mail client's one-click POST to the link as it came (`/ha/unsubscribe`).
    const { locale, path: unprefixed } = splitLocale(pathname);
    if (unprefixed === STOP_PATH) {
      applyHeaders(res, secretPageHeaders);
      return stopMail(services, options, req, res, url, locale);
    }
    // GET asks, the page's button POSTs: a scanner that opens the link confirms nothing.
    if (unprefixed === PARTNER_CONFIRM_PATH) {
      applyHeaders(res, secretPageHeaders);
      return confirmPage(services, options, req, url, res, locale);
    }

    // Liveness and readiness (docs/operations.md): alive without asking the database; ready once the
    // standings are loaded, whatever the database's state, which the body reports.
    if (pathname === '/healthz' || pathname === '/readyz') {
      const ok = pathname === '/healthz' ? services.healthy() : services.ready();
      const body =
        pathname === '/healthz'
          ? {}
          : {
              database: (await services.databaseUp()) ? 'up' : 'down',
              ...(services.redisUp && { redis: services.redisUp() ? 'up' : 'down' }),
            };
      res.statusCode = ok ? 200 : 503;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify({ status: ok ? 'ok' : 'unavailable', ...body }));
      return;
    }

    // Here only with METRICS_TOKEN; otherwise on METRICS_PORT alone, or nowhere.
    if (pathname === '/metrics' && config.metricsToken) {
      if (!tokenMatches(req.headers.authorization, config.metricsToken)) {
        res.writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' });
        res.end();
        return;
      }
      return sendMetrics(services, res);
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end();
      return;
    }

    if (pathname === SECURITY_TXT_PATH) return sendSecurityTxt(req, res, config.publicUrl);
    if (unprefixed === RANK_PAGE_PATH) return rankPage(services, options, url, res, locale);
    if (unprefixed === PARTNER_PAGE_PATH) {
      applyHeaders(res, secretPageHeaders);
      return partnerPage(services, options, url, res, clientIp(req, config.trustProxy), locale);
    }
    // A language's home page has one address, with its slash (`/yo` → `/yo/`).
    if (locale !== DEFAULT_PAGE_LOCALE && pathname === `/${locale}`) {
      res.writeHead(301, { Location: `/${locale}/${url.search}`, 'Cache-Control': 'public, max-age=3600' });
      res.end();
      return;
    }

    if (pathname.startsWith('/widgets/')) {
      const version = widgetVersion(pathname.slice('/widgets'.length));
      const entry = version?.files.lookup(version.path);
      if (version && entry) {
        // Partner pages load the bundle cross-origin as a module script, with integrity if they pin a version.
        res.setHeader('Access-Control-Allow-Origin', '*');
        return version.files.send(req, res, entry, 200, version.alias);
      }
      return notFound(req, res, pathname);
    }

    if (options.page && !pathname.includes('.')) {
      const page = options.page(pathname);
      return sendHtml(res, page.status, page.html);
    }
    const file = sitePathToFile(pathname);
    const entry = file && !file.endsWith('/404.html') ? lookup(file) : undefined;
    if (entry) return send(req, res, entry);
    return notFound(req, res, pathname);
  };
}
