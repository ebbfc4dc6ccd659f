/**
 * A partner's signed link (docs/partners.md): `<code in base64url>.<key version>.<expiry, Unix
 * seconds>.<signature>`, an HMAC over all three with the installation's partner-link secret. No account:
 * the link is the proof, so a changed byte, a past expiry or a revoked key version shows nothing.
 */
import crypto from 'node:crypto';

export type PartnerLink = { partner: string; keyVersion: number; expiresAt: Date };
export type ReadLink = { ok: true; link: PartnerLink } | { ok: false; why: 'tampered' | 'expired' };

const SIGNATURE_LENGTH = 22; // 128 bits of HMAC-SHA256, base64url
const TOKEN = /^([A-Za-z0-9_-]{1,700})\.(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

export function partnerLinks(secret: Buffer) {
  const signature = (code: string, keyVersion: number, expiresSeconds: number) =>
    crypto
      .createHmac('sha256', secret)
      .update(`partner-link:${keyVersion}:${expiresSeconds}:${code}`)
      .digest('base64url')
      .slice(0, SIGNATURE_LENGTH);
  return {
    token({ partner, keyVersion, expiresAt }: PartnerLink): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const code = Buffer.from(partner, 'utf8').toString('base64url');
      return `${code}.${keyVersion}.${expires}.${signature(partner, keyVersion, expires)}`;
    },
    /** What the token says, if we signed it and it has not expired (the key version is the caller's to check). */
    read(token: string, now = new Date()): ReadLink {
      const match = TOKEN.exec(token);
      if (!match) return { ok: false, why: 'tampered' };
      const partner = Buffer.from(match[1]!, 'base64url').toString('utf8');
      const keyVersion = Number(match[2]);
      const expires = Number(match[3]);
      const expected = Buffer.from(signature(partner, keyVersion, expires));
      if (!crypto.timingSafeEqual(expected, Buffer.from(match[4]!))) return { ok: false, why: 'tampered' };
      if (expires * 1000 <= now.getTime()) return { ok: false, why: 'expired' };
      return { ok: true, link: { partner, keyVersion, expiresAt: new Date(expires * 1000) } };
    },
  };
}

export type PartnerLinks = ReturnType<typeof partnerLinks>;
