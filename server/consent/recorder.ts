/**
 * Whether an answer to the cookie question is recorded (docs/site.md#cookies-and-consent): only answers
 * to the version the pages ask now, within a limit per choice id and a much higher ceiling per client
 * address, counted in the shared hit counter so every server behind the balancer counts the same answers.
 */
import type { ThirdPartyIds } from '../../common/consent-version.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import type { OpenedDatabase } from '../db/database.js';
import { type HitCounter, RateLimiter } from '../rate-limits/index.js';
import { type ConsentAnswer, recordConsent, versionRefusal } from './consent.js';

/**
 * Answers per choice id (the random id a browser keeps with its answer): a reader answers once or twice
 * a visit, and again from Cookie settings or the chat's own question.
 */
export const CONSENT_ID_LIMIT = { max: 10, windowSeconds: 600 };
/**
 * Answers per client address (hashed), whatever their ids: a ceiling for a script that makes up ids,
 * high enough that a carrier NAT's many readers behind one address lose no real answer.
 */
export const CONSENT_IP_LIMIT = { max: 600, windowSeconds: 600 };

/** What became of an answer (the HTTP layer's status follows it). */
export type ConsentOutcome =
  | { ok: true }
  /** Not an answer to the question the pages ask now (versionRefusal): the reason, said to the client. */
  | { ok: false; why: 'not asked'; reason: string }
  /** Over CONSENT_ID_LIMIT or CONSENT_IP_LIMIT. */
  | { ok: false; why: 'rate limited'; limit: 'id' | 'ip'; retryAfterSeconds: number };

export function createConsentRecorder(opened: OpenedDatabase, counter: HitCounter, ids: ThirdPartyIds) {
  const perId = new RateLimiter(CONSENT_ID_LIMIT, counter, 'consent-id');
  const perIp = new RateLimiter(CONSENT_IP_LIMIT, counter, 'consent-ip');
  return {
    /**
     * Records `answer`; `ipHash` is only the ceiling's key, never stored with it. The id's limit is counted
     * first, so one id over its limit uses up none of its address's ceiling; an answer that could not be
     * stored (the database unavailable) gives its hits back.
     */
    async record(answer: ConsentAnswer, ipHash: string | null): Promise<ConsentOutcome> {
      const reason = versionRefusal(answer, ids);
      if (reason) return { ok: false, why: 'not asked', reason };
      const byId = await perId.hit(answer.id);
      if (!byId.ok) return { ok: false, why: 'rate limited', limit: 'id', retryAfterSeconds: byId.retryAfterSeconds };
      const ipKey = ipHash ?? 'unknown';
      const byIp = await perIp.hit(ipKey);
      if (!byIp.ok) {
        void perId.refund(answer.id);
        return { ok: false, why: 'rate limited', limit: 'ip', retryAfterSeconds: byIp.retryAfterSeconds };
      }
      try {
        await recordConsent(opened, answer);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          // Not awaited: a refund to a database that is down would delay the answer by its connect bound.
          void perId.refund(answer.id);
          void perIp.refund(ipKey);
        }
        throw error;
      }
      return { ok: true };
    },
  };
}
