/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability (Contact), in which language
 * (Preferred-Languages), the file's own address (Canonical, on PUBLIC_URL) and until when it holds
 * (Expires). The rules: docs/security.md "Reporting a vulnerability".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SECURITY_EMAIL, SITE_URL } from '../../common/brand.js';

export const SECURITY_TXT_PATH = '/.well-known/security.txt';
/** Expires is this far after the day of the answer: under the RFC's year, past any release's lifetime. */
export const SECURITY_TXT_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

export function securityTxt(publicUrl: string | undefined, now: Date): string {
  const origin = (publicUrl ?? SITE_URL).replace(/\/+$/, '');
  const expires = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + SECURITY_TXT_DAYS * DAY_MS);
  return [
    `Contact: mailto:${SECURITY_EMAIL}`,
    `Expires: ${expires.toISOString()}`,
    'Preferred-Languages: en',
    `Canonical: ${origin}${SECURITY_TXT_PATH}`,
    '',
  ].join('\n');
}

export function sendSecurityTxt(
  req: IncomingMessage,
  res: ServerResponse,
  publicUrl: string | undefined,
  now = new Date(),
): void {
  const body = securityTxt(publicUrl, now);
  res.writeHead(200, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'public, max-age=86400',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
