/**
 * A no-JavaScript form's body (application/x-www-form-urlencoded, at most FORM_BODY_LIMIT bytes), or
 * the answer that refuses it already sent (415 for another type, 413 for a larger body).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLarge, readBody } from './body.js';

/** An e-mail address, a website, a code and a honeypot fit in well under 4 KiB. */
const FORM_BODY_LIMIT = 4096;

export async function readForm(req: IncomingMessage, res: ServerResponse): Promise<URLSearchParams | undefined> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    res.statusCode = 415;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Send the form as application/x-www-form-urlencoded.');
    return undefined;
  }
  try {
    return new URLSearchParams((await readBody(req, FORM_BODY_LIMIT)).toString('utf8'));
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    res.statusCode = 413;
    res.setHeader('Connection', 'close');
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('The form is too large.');
    return undefined;
  }
}
