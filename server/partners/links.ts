/**
 * A partner's signed link (docs/partners.md): `<code in base64url>.<key version>.<expiry, Unix
 * seconds>.<signature>`, an HMAC over all three with the installation's partner-link secret. No account:
 * the link is the proof, so a changed byte, a past expiry or a revoked key version shows nothing.
 */
import crypto from 'node:crypto';

export type PartnerLink = { partner: string; keyVersion: number; expiresAt: Date };
export type ReadLink = { ok: true; link: PartnerLink } | { ok: false; why: 'tampered' | 'expired' };

/** A partner-link secret has at least this many bytes (configured, stored or made once). */
export const MIN_PARTNER_LINK_SECRET_BYTES = 32;

/**
 * The longest partner code, in UTF-16 code units (JavaScript's `length`), as signups keep it and
 * partners:link accepts it: every such code fits the token's code segment below.
 */
export const MAX_PARTNER_CODE_LENGTH = 512;
/** A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4). */
const MAX_CODE_BYTES = MAX_PARTNER_CODE_LENGTH * 3;
/** Base64url without padding: 4 characters per 3 bytes, rounded up. */
const MAX_CODE_SEGMENT = Math.ceil((MAX_CODE_BYTES * 4) / 3);

const SIGNATURE_LENGTH = 22; // 128 bits of HMAC-SHA256, base64url
const TOKEN = new RegExp(
  `^([A-Za-z0-9_-]{1,${MAX_CODE_SEGMENT}})\\.(\\d{1,9})\\.(\\d{1,12})\\.([A-Za-z0-9_-]{${SIGNATURE_LENGTH}})$`,
);

/** A weak key would let anyone sign links: refused here whatever its origin. */
function checkedKey(secret: Buffer, which: string): Buffer {
  if (secret.length < MIN_PARTNER_LINK_SECRET_BYTES) {
    throw new RangeError(
      `The ${which} partner-link secret has ${secret.length} bytes; at least ${MIN_PARTNER_LINK_SECRET_BYTES} are needed.`,
    );
  }
  return secret;
}

/**
 * Links signed with `secret`; those signed with `previous` (PARTNER_LINK_SECRET_PREVIOUS, a secret being
 * rotated out) still read. The token's key version is the code's revocation counter, not the secret's,
 * so the secret is found by trying the current one, then the previous one.
 */
export function partnerLinks(secret: Buffer, previous?: Buffer) {
  const keys = [checkedKey(secret, 'current'), ...(previous ? [checkedKey(previous, 'previous')] : [])];
  const signature = (key: Buffer, code: string, keyVersion: number, expiresSeconds: number) =>
    crypto
      .createHmac('sha256', key)
      .update(`partner-link:${keyVersion}:${expiresSeconds}:${code}`)
      .digest('base64url')
      .slice(0, SIGNATURE_LENGTH);
  return {
    token({ partner, keyVersion, expiresAt }: PartnerLink): string {
      const code = Buffer.from(partner, 'utf8').toString('base64url');
      // A code that does not survive UTF-8 (a lone surrogate) would open another code's counts, or none.
      if (
        !partner ||
        partner.length > MAX_PARTNER_CODE_LENGTH ||
        Buffer.from(code, 'base64url').toString() !== partner
      ) {
        throw new RangeError(`A partner code has 1 to ${MAX_PARTNER_CODE_LENGTH} characters of valid text.`);
      }
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${code}.${keyVersion}.${expires}.${signature(keys[0]!, partner, keyVersion, expires)}`;
    },
    /** What the token says, if we signed it and it has not expired (the key version is the caller's to check). */
    read(token: string, now = new Date()): ReadLink {
      const match = TOKEN.exec(token);
      if (!match) return { ok: false, why: 'tampered' };
      const [, code, keyVersionText, expiresText, given] = match as unknown as [string, string, string, string, string];
      const partner = Buffer.from(code, 'base64url').toString('utf8');
      const keyVersion = Number(keyVersionText);
      const expires = Number(expiresText);
      // One token per link: the segments must be as token() writes them (base64url's spare bits zero,
      // valid UTF-8, no leading zeros), so no other spelling of a signed link opens it.
      const canonical =
        Buffer.from(partner, 'utf8').toString('base64url') === code &&
        String(keyVersion) === keyVersionText &&
        String(expires) === expiresText;
      if (!canonical) return { ok: false, why: 'tampered' };
      const signed = keys.some((key) =>
        crypto.timingSafeEqual(Buffer.from(signature(key, partner, keyVersion, expires)), Buffer.from(given)),
      );
      if (!signed) return { ok: false, why: 'tampered' };
      if (expires * 1000 <= now.getTime()) return { ok: false, why: 'expired' };
      return { ok: true, link: { partner, keyVersion, expiresAt: new Date(expires * 1000) } };
    },
  };
}

export type PartnerLinks = ReturnType<typeof partnerLinks>;
