/**
 * The keys of privacy (docs/signups.md, "Privacy"): each mail's personal stop link, signed with the
 * installation's privacy secret (no login: the link is the proof), and the keyed hash an inbox is kept
 * under on the suppression list. Both work on the inbox (common/email.ts inboxKey), not the spelling.
 */
import crypto from 'node:crypto';
import { inboxKey } from '../../common/email.js';

export type PrivacyKeys = {
  /** The suppression list's key for this address's inbox: HMAC, so the list alone reveals no address. */
  inboxHash(email: string): string;
  /** `<address in base64url>.<signature>`: what the stop link carries. */
  token(email: string): string;
  /** The address a token was made for, or undefined when it was not made with our secret. */
  read(token: string): string | undefined;
};

const SIGNATURE_LENGTH = 22; // 128 bits of HMAC-SHA256, base64url

export function privacyKeys(secret: Buffer): PrivacyKeys {
  const mac = (purpose: string, email: string) =>
    crypto
      .createHmac('sha256', secret)
      .update(`${purpose}:${inboxKey(email)}`)
      .digest('base64url');
  const signature = (email: string) => mac('stop-link', email).slice(0, SIGNATURE_LENGTH);
  return {
    inboxHash: (email) => mac('inbox', email),
    token: (email) => `${Buffer.from(email, 'utf8').toString('base64url')}.${signature(email)}`,
    read(token) {
      const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{22})$/.exec(token);
      if (!match) return undefined;
      const email = Buffer.from(match[1]!, 'base64url').toString('utf8');
      if (!email.includes('@')) return undefined;
      const expected = Buffer.from(signature(email));
      const given = Buffer.from(match[2]!);
      return crypto.timingSafeEqual(expected, given) ? email : undefined;
    },
  };
}

/** The address as the stop page shows it: enough for its owner to recognise, little for anyone else. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}…@${email.slice(at + 1)}`;
}
