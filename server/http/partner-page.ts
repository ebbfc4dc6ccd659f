/**
 * `GET /partners?t=…` (any language prefix): a partner's own counts (docs/partners.md), as a page,
 * or `format=csv` / `format=json` on the same link. A changed link is 403, an expired or revoked one 410,
 * each a page that shows no number and no code; bad links from one IP are limited like signups (429).
 * The token stays out of the request log (the query is never logged) and out of the metrics' labels.
 */
import type { ServerResponse } from 'node:http';
import type { PageLocale } from '../../common/locale-paths.js';
import type { PartnerPageOutcome, PartnerRefusal, PartnerReport } from '../../common/partner-report.js';
import { csvRow } from '../cli/csv.js';
import type { Services } from '../services.js';
import { type GivenRenderers, sendPage } from './page.js';

const STATUS: Record<PartnerRefusal, number> = { tampered: 403, expired: 410, revoked: 410, 'rate-limited': 429 };
const PRIVATE = 'private, no-store';
const REFUSED_TEXT = 'This link shows nothing: ask the Kasuwa team for a new link.';

/** Private counts: not indexed (app.ts sends secretAddressHeaders: no Referer, no third-party host). */
function privateHeaders(res: ServerResponse) {
  res.setHeader('X-Robots-Tag', 'noindex');
}

export function partnerCsv(report: PartnerReport): string {
  const header = csvRow(['partner', 'week', 'week_starts', 'page', 'campaign', 'signups']);
  return (
    header +
    report.rows.map((r) => csvRow([report.partner, r.week, r.weekStarts, r.page, r.campaign, r.signups])).join('')
  );
}

export async function partnerPage(
  services: Pick<Services, 'partners' | 'hashIp'>,
  site: GivenRenderers,
  url: URL,
  res: ServerResponse,
  /** The client's IP: bad links are counted per IP (hashed, as signups are). */
  ip: string,
  locale: PageLocale,
) {
  const token = url.searchParams.get('t') ?? '';
  const opened = await services.partners.open(token, services.hashIp(ip));
  privateHeaders(res);
  const format = url.searchParams.get('format');
  if (opened.ok && (format === 'csv' || format === 'json')) {
    const csv = format === 'csv';
    res.statusCode = 200;
    res.setHeader('Content-Type', csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
    if (csv) res.setHeader('Content-Disposition', 'attachment; filename="kasuwa-signups.csv"');
    res.setHeader('Cache-Control', PRIVATE);
    res.end(csv ? partnerCsv(opened.report) : JSON.stringify(opened.report));
    return;
  }
  if (!opened.ok && opened.why === 'rate-limited') res.setHeader('Retry-After', String(opened.retryAfterSeconds));
  const outcome: PartnerPageOutcome = opened.ok
    ? { kind: 'report', report: opened.report, token }
    : { kind: 'refused', why: opened.why };
  const render = site.partnerPage;
  const status = opened.ok ? 200 : STATUS[opened.why];
  const text = opened.ok ? `${opened.report.partner}: ${opened.report.allTime} signups` : REFUSED_TEXT;
  sendPage(res, status, render && (() => render(outcome, locale)), text, PRIVATE);
}
