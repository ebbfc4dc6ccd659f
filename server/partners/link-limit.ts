/**
 * Partner links' limits, in the shared hit counter (every server counts the same hits). A bad link, or a
 * bad confirmation link, counts against its client address's limit, the per-IP signup limit; a good link
 * against its own (PARTNER_LINK_LIMIT), so a leaked link cannot hold a core. Only a hash of the link is kept.
 */
import crypto from 'node:crypto';
import type { PartnerRefusal } from '../../common/partner-report.js';
import { type HitCounter, type RateLimit, RateLimiter } from '../rate-limits/index.js';
import type { Partners } from './partners.js';

/** Where bad links count, per client address: partners' links and the programme's confirmation links. */
export const BAD_LINKS_KEY = 'partner-link-ip';

export type LimitedPartnerOpen =
  | { ok: true; partner: string }
  | { ok: false; why: PartnerRefusal; retryAfterSeconds?: number };

export type LimitedPartners = Pick<Partners, 'issueLink' | 'revoke' | 'summary' | 'rows'> & {
  /** The code a partner's token opens, or why not (and when to try again). */
  open(token: string, ipHash: string | null, now?: Date): Promise<LimitedPartnerOpen>;
};

export function limitPartnerLinks(
  partners: Partners,
  limits: { perIp: RateLimit; perLink: RateLimit },
  counter: HitCounter,
): LimitedPartners {
  const badLinks = new RateLimiter(limits.perIp, counter, BAD_LINKS_KEY);
  const linkUses = new RateLimiter(limits.perLink, counter, 'partner-link');
  return {
    issueLink: partners.issueLink,
    revoke: partners.revoke,
    summary: partners.summary,
    rows: partners.rows,
    async open(token, ipHash, now = new Date()) {
      const opened = await partners.read(token, now);
      if (opened.ok) {
        const key = crypto.createHash('sha256').update(token).digest('base64url').slice(0, 22);
        const decision = await linkUses.hit(key, now.getTime());
        return decision.ok ? opened : { ok: false, why: 'too-often', retryAfterSeconds: decision.retryAfterSeconds };
      }
      if (!ipHash) return opened;
      const decision = await badLinks.hit(ipHash, now.getTime());
      return decision.ok ? opened : { ok: false, why: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds };
    },
  };
}
