/**
 * A client address as signups, consent and partner links keep it: a salted HMAC cut to 128 bits, never
 * the address itself (for abuse limits and audits). No address, no hash.
 */
import crypto from 'node:crypto';

/** The kept form of a client IP, or null when the request had none. */
export type HashIp = (ip: string) => string | null;

export function ipHasher(salt: Buffer): HashIp {
  return (ip) => (ip ? crypto.createHmac('sha256', salt).update(ip).digest('base64url').slice(0, 22) : null);
}
