/**
 * POST /ingest/sales: the platform pushes sales as NDJSON (one object per line with order_id,
 * store_id, amount, status, paid_at), authorised by `Authorization: Bearer $INGEST_TOKEN`.
 * Server-to-server only: no CORS headers, so browsers on other origins cannot call it.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IntakeRejected } from '../contest/intake-rules.js';
import { ContestBusy } from '../contest/storage.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { isDiskFull } from '../db/disk-full.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.js';
import type { Services } from '../services.js';
import { BodyTooLarge, readBody } from './body.js';

/** How many bad lines a 422 lists; errorCount says how many there were. */
const LISTED_ERRORS = 100;

export const INGEST_PATH = '/ingest/sales';
export const INGEST_MAX_BYTES = 10 * 1024 * 1024;

/** Compares digests so neither the content nor the length of the token leaks through timing. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const given = crypto
    .createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  const expected = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(given, expected) && match !== null;
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(JSON.stringify(body));
}

/**
 * 200 {accepted, duplicates, refunds, outsideWindow, rejected: 0}; 422 {errorCount, errors: the first
 * 100 [{line, reason}]} with nothing applied; 401 without the right token; 413 over INGEST_MAX_BYTES;
 * 503 while no token is configured (the route is off rather than open), while another process's
 * import holds the database, while the database's disk is full, or while the database is down or
 * past its bounds (docs/operations.md "Database outages"): the platform retries the same batch.
 */
export async function handleIngest(
  services: Pick<Services, 'config' | 'ingestSales'>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const token = services.config.ingestToken;
  if (!token) return json(res, 503, { error: 'Sales intake is off: INGEST_TOKEN is not configured.' });
  if (req.method !== 'POST') return json(res, 405, { error: 'Use POST.' }, { Allow: 'POST' });
  if (!tokenMatches(req.headers.authorization, token)) {
    return json(res, 401, { error: 'A valid bearer token is required.' }, { 'WWW-Authenticate': 'Bearer' });
  }
  let body: Buffer;
  try {
    body = await readBody(req, INGEST_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      res.setHeader('Connection', 'close');
      return json(res, 413, { error: `The body is larger than ${INGEST_MAX_BYTES} bytes; send smaller batches.` });
    }
    res.destroy(); // the client went away mid-body: nothing to answer, nothing applied
    return;
  }
  try {
    return json(res, 200, await services.ingestSales(body.toString('utf8')));
  } catch (error) {
    // The first lines and the count: a batch of 10 MB of bad lines would otherwise answer tens of MB.
    if (error instanceof IntakeRejected)
      return json(res, 422, {
        error: error.message,
        errorCount: error.errors.length,
        errors: error.errors.slice(0, LISTED_ERRORS),
      });
    // Another process holds the rows or the write lock longer than the wait limit (a large sales:import).
    if (error instanceof ContestBusy) {
      return json(res, 503, { error: 'The database is busy with an import; retry shortly.' }, { 'Retry-After': '30' });
    }
    // Nothing was written and the database is intact; the same batch succeeds once there is room.
    if (isDiskFull(error)) {
      console.error(JSON.stringify({ level: 'error', msg: 'ingest refused: disk full', error: String(error) }));
      return json(
        res,
        503,
        { error: "The server's disk is full; nothing was applied. Retry the same batch later." },
        { 'Retry-After': '60' },
      );
    }
    // Down, unreachable, out of connections or past a bound; the same batch is safe to send again (each
    // order_id counts once), even if the failure came after its commit (refreshing the standings).
    if (isDatabaseUnavailable(error)) {
      console.error(
        JSON.stringify({ level: 'warn', msg: 'ingest refused: database unavailable', error: String(error) }),
      );
      return json(
        res,
        503,
        {
          error:
            'The database is unavailable for a moment. Retry the same batch shortly: an order already recorded counts once.',
        },
        { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      );
    }
    console.error(JSON.stringify({ level: 'error', msg: 'ingest failed', error: String(error) }));
    return json(res, 500, { error: 'Something went wrong on our side; nothing was applied.' });
  }
}
