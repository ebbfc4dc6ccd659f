/**
 * `GET /partners?t=…` (any language prefix): a partner's own counts (docs/partners.md), as a page, or
 * `format=csv` / `format=json` (`from`, `to`: Lagos days) streamed on the same link. A changed link is 403,
 * an expired or revoked one 410, too many requests 429: each a page with no number and no code. The token
 * stays out of the request log (the query is never logged) and out of the metrics' labels.
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { PageLocale } from '../../common/locale-paths.js';
import type { PartnerPageOutcome, PartnerRefusal, PartnerRow } from '../../common/partner-report.js';
import { csvCell, csvRow } from '../cli/csv.js';
import { partnerRange } from '../partners/range.js';
import type { Services } from '../services.js';
import { type GivenRenderers, sendPage } from './page.js';
import { streamToClient } from './stream-to-client.js';

const STATUS: Record<PartnerRefusal, number> = {
  tampered: 403,
  expired: 410,
  revoked: 410,
  'rate-limited': 429,
  'too-often': 429,
};
const PRIVATE = 'private, no-store';
const REFUSED_TEXT = 'This link shows nothing: ask for a new one on the partner programme page (/partners/join).';
const TOO_OFTEN_TEXT = (seconds: number) => `This link was opened too often: try again in ${seconds} s.`;

/** Private counts: not indexed (app.ts sends secretAddressHeaders: no Referer, no third-party host). */
function privateHeaders(res: ServerResponse) {
  res.setHeader('X-Robots-Tag', 'noindex');
}

const PARTNER_CSV_HEADER = csvRow(['partner', 'week', 'week_starts', 'page', 'campaign', 'signups']);
/** A batch of rows as CSV lines; the code's cell is the same on every line. */
function partnerCsvLines(partner: string, rows: PartnerRow[]): string {
  const code = csvCell(partner);
  return rows.map((r) => `${code},${csvRow([r.week, r.weekStarts, r.page, r.campaign, r.signups])}`).join('');
}

/**
 * Writes the lines as they come, waiting when the client reads slower. A client that goes away ends the
 * reading (its database cursor is released); a failure mid-way cuts the answer, never one that looks whole.
 */
async function stream(res: ServerResponse, head: string, lines: AsyncIterable<string>, tail: string) {
  async function* whole() {
    yield head;
    yield* lines;
    yield tail;
  }
  await streamToClient(res, Readable.from(whole()), 'partner page');
}

async function* mapped<T>(batches: AsyncIterable<T[]>, write: (batch: T[], first: boolean) => string) {
  let first = true;
  for await (const batch of batches) {
    yield write(batch, first);
    first = false;
  }
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
    const range = partnerRange(url.searchParams.get('from'), url.searchParams.get('to'));
    res.setHeader('Cache-Control', PRIVATE);
    if (!range.ok) {
      res.statusCode = 400;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`${range.message}\n`);
      return;
    }
    const { partner } = opened;
    const csv = format === 'csv';
    // The summary first (cached): a failure here is still an ordinary error answer.
    const summary = csv ? undefined : await services.partners.summary(partner);
    const rows = services.partners.rows(partner, range.from, range.to);
    res.statusCode = 200;
    res.setHeader('Content-Type', csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
    if (csv) {
      res.setHeader('Content-Disposition', `attachment; filename="kasuwa-signups-${range.from}-${range.to}.csv"`);
      await stream(
        res,
        PARTNER_CSV_HEADER,
        mapped(rows, (batch) => partnerCsvLines(partner, batch)),
        '',
      );
    } else {
      const head = JSON.stringify({ ...summary, from: range.from, to: range.to });
      const lines = mapped(rows, (batch, first) => `${first ? '' : ','}${JSON.stringify(batch).slice(1, -1)}`);
      await stream(res, `${head.slice(0, -1)},"rows":[`, lines, ']}');
    }
    return;
  }
  if (!opened.ok && opened.retryAfterSeconds) res.setHeader('Retry-After', String(opened.retryAfterSeconds));
  const outcome: PartnerPageOutcome = opened.ok
    ? { kind: 'report', report: await services.partners.summary(opened.partner), token }
    : { kind: 'refused', why: opened.why, retryAfterSeconds: opened.retryAfterSeconds };
  const render = site.partnerPage;
  const status = opened.ok ? 200 : STATUS[opened.why];
  const text =
    outcome.kind === 'report'
      ? `${outcome.report.partner}: ${outcome.report.allTime} signups`
      : opened.ok || opened.why !== 'too-often'
        ? REFUSED_TEXT
        : TOO_OFTEN_TEXT(opened.retryAfterSeconds ?? 60);
  sendPage(res, status, render && (() => render(outcome, locale)), text, PRIVATE);
}
