/**
 * startSelling: honeypot, rate limits, validation, then the signup and its welcome e-mail written to
 * the outbox in one transaction. Transport-free: the caller passes what it knows about the request.
 * Storage (SQLite or PostgreSQL) sits behind SignupStore; an address is one inbox whatever its case.
 */

import { checkEmail, inboxKey } from '../../common/email.js';
import { isLocale, LOCALES, SOURCE_LOCALE } from '../../common/i18n.js';
import { rateLimitedMessage } from '../../common/messages.js';
import { hasControlCharacters } from '../control-characters.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { RateLimitedError, type SignupLimit, UnavailableError, UserFacingError } from '../errors.js';
import { warn } from '../log.js';
import {
  type CountHit,
  givingBackWhenUnavailable,
  type HitCounter,
  type RateLimit,
  RateLimiter,
} from '../rate-limits/index.js';
import type { SignupRecord, SignupStore } from './store.js';

export type StartSellingInput = {
  email: string;
  source?: string | null;
  /** A partner or affiliate code. */
  partner?: string | null;
  /** The partner's campaign (a newsletter issue, say): the same rules as the partner code. */
  campaign?: string | null;
  /** The honeypot: people never see it, so anything in it marks a bot. */
  website?: string | null;
  /** The language the reader sees (docs/languages.md): the welcome mail's; English when absent. */
  locale?: string | null;
};
export type RequestContext = { ipHash?: string | null; now?: Date };
export type SignupOptions = {
  limits: { perIp: RateLimit; perEmail: RateLimit };
  /** Where hits are counted: this process's memory unless several servers share the limits. */
  counter?: HitCounter;
  /** Called after a commit that queued at least one e-mail (wakes the delivery worker). */
  onQueued?: () => void;
};

/** At most one welcome e-mail per address per this many hours (docs/signups.md). */
export const RESEND_AFTER_HOURS = 24;
const MAX_ATTRIBUTION = 512;
const MAX_BATCH = 500;

function clip(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, MAX_ATTRIBUTION);
}

type Pending = SignupRecord & { resolve: (queued: boolean) => void; reject: (error: unknown) => void };

/** The hidden `website` field has something in it: a bot filled every field. It is answered as a success. */
/**
 * The partner code, under its name or its older one (`ref`, still sent by forms and pages pasted
 * before the rename); the GraphQL input and the no-JavaScript form both read it here.
 */
export function partnerCode(fields: { partner?: string | null; ref?: string | null }): string | null {
  return fields.partner || fields.ref || null;
}

export const filledHoneypot = (input: StartSellingInput): boolean =>
  typeof input.website === 'string' && input.website.trim() !== '';

/**
 * Group commit: signups that arrive in the same turn of the event loop are written in one transaction,
 * so one commit (one fsync) acknowledges all of them. Nobody is answered before that commit.
 */
export function createSignups(store: SignupStore, options: SignupOptions) {
  const perIp = new RateLimiter(options.limits.perIp, options.counter, 'signup-ip');
  const perEmail = new RateLimiter(options.limits.perEmail, options.counter, 'signup-email');
  let queue: Pending[] = [];
  let scheduled = false;

  const commit = (batch: Pending[]) => store.record(batch, RESEND_AFTER_HOURS * 3600_000);

  async function flush() {
    scheduled = false;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    if (queue.length) schedule();
    let queued: boolean[];
    try {
      queued = await commit(batch);
    } catch (error) {
      // A database down or locked past its bounds would fail each retry alike, after the same wait.
      if (batch.length === 1 || isDatabaseUnavailable(error)) {
        for (const signup of batch) signup.reject(error);
        return;
      }
      // One bad row must not fail its neighbours: retry each on its own.
      for (const signup of batch) {
        try {
          const [one] = await commit([signup]);
          signup.resolve(one!);
          if (one) options.onQueued?.();
        } catch (single) {
          signup.reject(single);
        }
      }
      return;
    }
    for (const [i, signup] of batch.entries()) signup.resolve(queued[i]!);
    if (queued.some(Boolean)) options.onQueued?.();
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // After the poll phase: every request that arrived in this turn joins the batch.
    setImmediate(() => void flush());
  }

  function refuse(limit: SignupLimit, retryAfterSeconds: number): never {
    throw new RateLimitedError(limit, rateLimitedMessage(retryAfterSeconds), retryAfterSeconds);
  }

  /** One signup, its limits' hits counted with `hit` (given back when the database fails it). */
  async function signUp(input: StartSellingInput, context: RequestContext, hit: CountHit): Promise<{ success: true }> {
    if (filledHoneypot(input)) return { success: true };
    const now = context.now ?? new Date();
    if (context.ipHash) {
      const decision = await hit(perIp, context.ipHash, now.getTime());
      if (!decision.ok) refuse('ip', decision.retryAfterSeconds);
    }
    for (const [field, value] of [
      ['partner', input.partner],
      ['campaign', input.campaign],
      ['source', input.source],
    ] as const) {
      if (value && hasControlCharacters(value))
        throw new UserFacingError('BAD_USER_INPUT', `The ${field} must not contain control characters.`);
    }
    if (input.locale != null && !isLocale(input.locale)) {
      throw new UserFacingError(
        'BAD_USER_INPUT',
        `Unknown locale ${JSON.stringify(input.locale.slice(0, 20))}: use one of ${LOCALES.join(', ')}.`,
      );
    }
    const check = checkEmail(input.email);
    if (!check.ok) throw new UserFacingError('BAD_USER_INPUT', check.message);
    const inbox = inboxKey(check.email);
    const decision = await hit(perEmail, inbox, now.getTime());
    if (!decision.ok) refuse('address', decision.retryAfterSeconds);
    await new Promise<boolean>((resolve, reject) => {
      queue.push({
        email: check.email,
        source: clip(input.source),
        partner: clip(input.partner),
        campaign: clip(input.campaign),
        locale: input.locale ?? SOURCE_LOCALE,
        ipHash: context.ipHash ?? null,
        // Pinned only when the caller says when (tests); otherwise the database clock decides.
        at: context.now ? now.toISOString() : null,
        resolve,
        reject,
      });
      schedule();
    });
    return { success: true };
  }

  return {
    /**
     * A database down, unreachable or locked past its bounds (limits or signup) is UNAVAILABLE: "try
     * again", with the limits' hits given back so the retry is not refused for the tries we failed.
     */
    async startSelling(input: StartSellingInput, context: RequestContext = {}): Promise<{ success: true }> {
      try {
        return await givingBackWhenUnavailable((hit) => signUp(input, context, hit));
      } catch (error) {
        if (error instanceof UserFacingError || !isDatabaseUnavailable(error)) throw error;
        warn('signup refused: database unavailable', { error: String(error) });
        throw new UnavailableError(error);
      }
    },
  };
}

export type Signups = ReturnType<typeof createSignups>;
