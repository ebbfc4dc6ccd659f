/**
 * `POST /consent`: the site's record of one answer to the cookie question (server/consent/), sent by
 * navigator.sendBeacon as JSON (text/plain, as a beacon sends it, or application/json) from our own pages
 * only. 204 recorded; 403 not our origin, 400 not an answer, 413 over CONSENT_MAX_BYTES, 409 not the
 * version the pages ask, 429 over CONSENT_ID_LIMIT or CONSENT_IP_LIMIT, 503 the database down; `{error}` says why.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONSENT_MAX_BYTES, ConsentRejected, parseConsentAnswer } from '../consent/consent.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.js';
import type { Services } from '../services.js';
import { BodyTooLarge, readBody } from './body.js';
import { clientIp } from './client-ip.js';
import { json } from './ingest.js';

export const CONSENT_PATH = '/consent';

/**
 * Why a request is not from one of our own pages, or undefined when it is. A browser says so itself
 * with `Sec-Fetch-Site`: only `same-origin` passes (`same-site` is a seller's store on a subdomain). A
 * browser without Fetch Metadata still sends `Origin` on a POST (a beacon included): it must be our
 * public origin (PUBLIC_URL) or the host the request was sent to (`Host`, either scheme: a TLS proxy in
 * front makes ours http). A request with neither header is no page's beacon; a plain form (`withNeither:
 * 'accept'`) may come from an older browser that sends neither, and is taken. (A script outside a
 * browser can claim any header: the limits are what hold it.)
 */
export function originRefusal(
  headers: IncomingMessage['headers'],
  publicUrl: string | undefined,
  withNeither: 'refuse' | 'accept' = 'refuse',
): string | undefined {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite !== undefined) {
    return fetchSite === 'same-origin' ? undefined : `Answers come from this site's own pages, not ${fetchSite}.`;
  }
  const origin = headers.origin;
  if (origin === undefined) {
    return withNeither === 'accept' ? undefined : "Answers come from this site's own pages: the request has no Origin.";
  }
  if (publicUrl && origin === new URL(publicUrl).origin) return undefined;
  let sent: URL | undefined;
  try {
    sent = new URL(origin);
  } catch {
    // `null` (a sandboxed or opaque origin) and anything else that is no URL: not ours.
  }
  const ours = sent && (sent.protocol === 'https:' || sent.protocol === 'http:') && sent.host === headers.host;
  return ours ? undefined : `Answers come from this site's own pages, not ${origin}.`;
}

export async function handleConsent(
  services: Pick<Services, 'config' | 'recordConsent' | 'hashIp'>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== 'POST') return json(res, 405, { error: 'Use POST.' }, { Allow: 'POST' });
  const foreign = originRefusal(req.headers, services.config.publicUrl);
  if (foreign) return json(res, 403, { error: foreign });
  let answer: ReturnType<typeof parseConsentAnswer>;
  try {
    const body = await readBody(req, CONSENT_MAX_BYTES);
    answer = parseConsentAnswer(JSON.parse(body.toString('utf8')));
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      res.setHeader('Connection', 'close');
      return json(res, 413, { error: `An answer is smaller than ${CONSENT_MAX_BYTES} bytes.` });
    }
    if (error instanceof ConsentRejected) return json(res, 400, { error: error.message });
    if (error instanceof SyntaxError) return json(res, 400, { error: 'The body is not JSON.' });
    res.destroy(); // the client went away mid-body
    return;
  }
  try {
    const outcome = await services.recordConsent(answer, services.hashIp(clientIp(req, services.config.trustProxy)));
    // Not the version the pages ask now, or the pages ask no question at all.
    if (!outcome.ok && outcome.why === 'not asked') return json(res, 409, { error: outcome.reason });
    if (!outcome.ok) {
      const who = outcome.limit === 'id' ? 'for this answer' : 'from this address';
      return json(
        res,
        429,
        { error: `Too many answers ${who}; try again later.` },
        { 'Retry-After': String(outcome.retryAfterSeconds) },
      );
    }
    res.statusCode = 204;
    res.setHeader('Cache-Control', 'no-store');
    res.end();
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      return json(
        res,
        503,
        { error: 'The database is unavailable for a moment.' },
        { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      );
    }
    console.error(JSON.stringify({ level: 'error', msg: 'consent record failed', error: String(error) }));
    return json(res, 500, { error: 'Something went wrong on our side.' });
  }
}
