/**
 * The programme's confirmation link (docs/partners.md, "Joining"): `<code in base64url>.<expiry, Unix
 * seconds>.<signature>`, an HMAC with the partner-link secret over its one purpose, the code, the owner's
 * inbox and the expiry: it confirms that reservation for that inbox only, and nothing else.
 */
import crypto from 'node:crypto';

const SIGNATURE_LENGTH = 22;
const TOKEN = /^([A-Za-z0-9_-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

export type ReadConfirmLink = { ok: true; code: string; expiresAt: Date } | { ok: false; why: 'tampered' | 'expired' };

export function confirmLinks(secret: Buffer) {
  const signature = (code: string, inbox: string, expires: number) =>
    crypto
      .createHmac('sha256', secret)
      .update(`partner-confirm:${expires}:${code}:${inbox}`)
      .digest('base64url')
      .slice(0, SIGNATURE_LENGTH);
  return {
    token(code: string, inbox: string, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${Buffer.from(code).toString('base64url')}.${expires}.${signature(code, inbox, expires)}`;
    },
    /** The code the token names, unverified: its owner's inbox, from the database, checks the signature. */
    codeOf(token: string): string | undefined {
      const match = TOKEN.exec(token);
      return match ? Buffer.from(match[1]!, 'base64url').toString('utf8') : undefined;
    },
    read(token: string, inbox: string, now = new Date()): ReadConfirmLink {
      const match = TOKEN.exec(token);
      if (!match) return { ok: false, why: 'tampered' };
      const [, segment, expiresText, given] = match as unknown as [string, string, string, string];
      const code = Buffer.from(segment, 'base64url').toString('utf8');
      const expires = Number(expiresText);
      if (Buffer.from(code).toString('base64url') !== segment || String(expires) !== expiresText) {
        return { ok: false, why: 'tampered' };
      }
      if (!crypto.timingSafeEqual(Buffer.from(signature(code, inbox, expires)), Buffer.from(given))) {
        return { ok: false, why: 'tampered' };
      }
      if (expires * 1000 <= now.getTime()) return { ok: false, why: 'expired' };
      return { ok: true, code, expiresAt: new Date(expires * 1000) };
    },
  };
}

export type ConfirmLinks = ReturnType<typeof confirmLinks>;
