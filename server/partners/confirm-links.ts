/**
 * The programme's confirmation link (docs/partners.md, "Joining"): `<code in base64url>.<key version>.
 * <expiry>.<signature>`, an HMAC with the partner-link secret over its purpose, the code, the owner's inbox,
 * the key version and the expiry; it opens nothing once the key version moves on (partners:revoke,
 * partners:disable, privacy:erase).
 */
import crypto from 'node:crypto';

const SIGNATURE_LENGTH = 22;
const TOKEN = /^([A-Za-z0-9_-]{1,64})\.(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

export type ConfirmLink = { code: string; inbox: string; keyVersion: number; expiresAt: Date };
export type ReadConfirmLink =
  | { ok: true; code: string; keyVersion: number; expiresAt: Date }
  | { ok: false; why: 'tampered' | 'expired' };

export function confirmLinks(secret: Buffer) {
  const signature = (code: string, inbox: string, keyVersion: number, expires: number) =>
    crypto
      .createHmac('sha256', secret)
      .update(`partner-confirm:${keyVersion}:${expires}:${code}:${inbox}`)
      .digest('base64url')
      .slice(0, SIGNATURE_LENGTH);
  return {
    token({ code, inbox, keyVersion, expiresAt }: ConfirmLink): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const segment = Buffer.from(code).toString('base64url');
      return `${segment}.${keyVersion}.${expires}.${signature(code, inbox, keyVersion, expires)}`;
    },
    /** The code the token names, unverified: its owner's inbox, from the database, checks the signature. */
    codeOf(token: string): string | undefined {
      const match = TOKEN.exec(token);
      return match ? Buffer.from(match[1]!, 'base64url').toString('utf8') : undefined;
    },
    /** What the token says, if we signed it for this inbox and it has not expired (the key version is the caller's to check). */
    read(token: string, inbox: string, now = new Date()): ReadConfirmLink {
      const match = TOKEN.exec(token);
      if (!match) return { ok: false, why: 'tampered' };
      const [, segment, versionText, expiresText, given] = match as unknown as [string, string, string, string, string];
      const code = Buffer.from(segment, 'base64url').toString('utf8');
      const keyVersion = Number(versionText);
      const expires = Number(expiresText);
      const canonical =
        Buffer.from(code).toString('base64url') === segment &&
        String(keyVersion) === versionText &&
        String(expires) === expiresText;
      if (!canonical) return { ok: false, why: 'tampered' };
      if (!crypto.timingSafeEqual(Buffer.from(signature(code, inbox, keyVersion, expires)), Buffer.from(given))) {
        return { ok: false, why: 'tampered' };
      }
      if (expires * 1000 <= now.getTime()) return { ok: false, why: 'expired' };
      return { ok: true, code, keyVersion, expiresAt: new Date(expires * 1000) };
    },
  };
}

export type ConfirmLinks = ReturnType<typeof confirmLinks>;
