/**
 * `POST /consent`: the site's record of one answer to the cookie question (server/consent/), sent by
 * navigator.sendBeacon as JSON (text/plain, as a beacon sends it, or application/json). 204 recorded;
 * 400 not an answer, 413 over CONSENT_MAX_BYTES, 429 over CONSENT_LIMIT, 503 while the database is down.
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

export async function handleConsent(services: Services, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') return json(res, 405, { error: 'Use POST.' }, { Allow: 'POST' });
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
    const decision = await services.recordConsent(answer, services.hashIp(clientIp(req, services.config.trustProxy)));
    if (!decision.ok) {
      return json(
        res,
        429,
        { error: 'Too many answers from this address; try again later.' },
        { 'Retry-After': String(decision.retryAfterSeconds) },
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
