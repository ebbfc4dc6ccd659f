/**
 * A bad partner link counts against its client address's limit, the same per-IP limit as signups:
 * guessing links costs what spamming the form does. A good link, or a request without an address, is
 * never counted.
 */
import type { PartnerRefusal, PartnerReport } from '../../common/partner-report.js';
import { type HitCounter, type RateLimit, RateLimiter } from '../signups/rate-limit.js';
import type { Partners } from './partners.js';

export type LimitedPartnerOpen =
  | { ok: true; report: PartnerReport }
  | { ok: false; why: PartnerRefusal; retryAfterSeconds?: number };

export type LimitedPartners = Pick<Partners, 'issueLink' | 'revoke'> & {
  /** The counts a partner's token opens; a bad token counts against its IP's limit. */
  open(token: string, ipHash: string | null, now?: Date): Promise<LimitedPartnerOpen>;
};

export function limitBadPartnerLinks(
  partners: Partners,
  signupLimits: { perIp: RateLimit },
  counter: HitCounter,
): LimitedPartners {
  const badLinks = new RateLimiter(signupLimits.perIp, counter, 'partner-link-ip');
  return {
    issueLink: partners.issueLink,
    revoke: partners.revoke,
    async open(token, ipHash, now = new Date()) {
      const opened = await partners.open(token, now);
      if (opened.ok || !ipHash) return opened;
      const decision = await badLinks.hit(ipHash, now.getTime());
      return decision.ok ? opened : { ok: false, why: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds };
    },
  };
}
