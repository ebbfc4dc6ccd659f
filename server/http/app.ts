/**
 * Routes HTTP requests: the GraphQL endpoint, health, widgets, the built site with clean URLs, and the
 * not-found page for everything else. No business logic here: resolvers call the core in services.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../services.js';
import { clientIp } from './client-ip.js';
import { createGraphQLEndpoint } from './graphql-endpoint.js';
import { handleIngest, INGEST_PATH } from './ingest.js';
import { applyHeaders, graphqlCors, securityHeaders } from './security.js';
import { startSellingForm } from './start-selling-form.js';
import { StaticFiles } from './static.js';

export type SitePages = {
  /** Rendered HTML for a clean path like `/pricing`, when pages are rendered on request (dev). */
  render?: (pathname: string) => Promise<{ html: string; status: number } | undefined>;
};

/** Clean URL → file in dist/site. */
export function sitePathToFile(pathname: string): string | undefined {
  if (pathname === '/') return '/index.html';
  if (pathname.endsWith('/')) return undefined;
  if (/\.[a-z0-9]+$/i.test(pathname)) return pathname.endsWith('.html') ? undefined : pathname;
  return `${pathname}.html`;
}

export function createApp(services: Services, options: SitePages = {}) {
  const { config } = services;
  const site = new StaticFiles(config.siteDir, { immutableHashed: true });
  const widgets = new StaticFiles(config.widgetsDir, { immutableHashed: true });
  const graphql = createGraphQLEndpoint(services, (req) => clientIp(req, config.trustProxy));
  const headers = securityHeaders(config);

  async function notFound(req: IncomingMessage, res: ServerResponse) {
    if (options.render) {
      const page = await options.render('/404');
      if (page) return html(res, 404, page.html);
    }
    const entry = site.lookup('/404.html');
    if (entry) return site.send(req, res, entry, 404);
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('404 Page not found');
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    applyHeaders(res, headers);
    const url = new URL(req.url ?? '/', 'http://localhost');
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

    if (pathname === '/start-selling' && req.method === 'POST') return startSellingForm(services, req, res);

    if (pathname === INGEST_PATH) return handleIngest(services, req, res);

    if (pathname === '/healthz') {
      const ok = await services.healthy();
      res.statusCode = ok ? 200 : 503;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify({ status: ok ? 'ok' : 'unavailable' }));
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end();
      return;
    }

    if (pathname.startsWith('/widgets/')) {
      const entry = widgets.lookup(pathname.slice('/widgets'.length));
      if (entry) {
        // Partner pages load the bundle cross-origin as a module script.
        res.setHeader('Access-Control-Allow-Origin', '*');
        return widgets.send(req, res, entry);
      }
      return notFound(req, res);
    }

    if (options.render && !pathname.includes('.')) {
      const page = await options.render(pathname);
      if (page) return html(res, page.status, page.html);
      return notFound(req, res);
    }
    const file = sitePathToFile(pathname);
    const entry = file && file !== '/404.html' ? site.lookup(file) : undefined;
    if (entry) return site.send(req, res, entry);
    return notFound(req, res);
  };
}

function html(res: ServerResponse, status: number, body: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}
