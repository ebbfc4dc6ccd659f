/** Pages the server renders per request (the no-JavaScript form answers, dev's pages). */
import type { ServerResponse } from 'node:http';
import type { PageRenderers } from '../../common/page-renderers.js';

/** The site's renderers (server/load-page-renderers.ts loads them); without them a form answers plain text. */
export type GivenRenderers = Partial<PageRenderers>;

/** A page rendered for this request: never cached. HEAD gets the headers only (Node drops the body). */
export function sendHtml(res: ServerResponse, status: number, body: string, cacheControl = 'no-store') {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', cacheControl);
  res.end(body);
}

/** The rendered page, or its one line of text when the server was started without the site's pages. */
export function sendPage(
  res: ServerResponse,
  status: number,
  page: (() => string) | undefined,
  text: string,
  cacheControl = 'no-store',
) {
  if (page) return sendHtml(res, status, page(), cacheControl);
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', cacheControl);
  res.end(text);
}
