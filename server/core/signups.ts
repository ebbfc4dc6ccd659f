/**
 * startSelling: honeypot, rate limits, validation, then the signup and its welcome e-mail written to
 * the outbox in one transaction. Transport-free: the caller passes what it knows about the request.
 *
 * Group commit: signups that arrive in the same turn of the event loop are written in one transaction,
 * so one fsync (synchronous=FULL) acknowledges all of them. Nobody is answered before that commit.
 */
import crypto from 'node:crypto';
import { checkEmail } from '../../common/email.js';
import type { Db } from '../db/database.js';
import { UserFacingError } from './errors.js';
import { type RateLimit, RateLimiter } from './rate-limit.js';

export type StartSellingInput = {
  email: string;
  source?: string | null;
  ref?: string | null;
  /** The honeypot: people never see it, so anything in it marks a bot. */
  website?: string | null;
};
export type RequestContext = { ipHash?: string | null; now?: Date };
export type SignupOptions = {
  limits: { perIp: RateLimit; perEmail: RateLimit };
  /** Called after a commit that queued at least one e-mail (wakes the delivery worker). */
  onQueued?: () => void;
};

/** At most one welcome e-mail per address per this many hours (DESIGN.md §4). */
export const RESEND_AFTER_HOURS = 24;
export const RATE_LIMITED_MESSAGE = 'Too many signups from here. Please wait a little and try again.';
const MAX_ATTRIBUTION = 512;
const MAX_BATCH = 500;

function clip(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, MAX_ATTRIBUTION);
}

type Signup = { email: string; source: string | null; ref: string | null; ipHash: string | null; now: string };
type Pending = Signup & { resolve: (queued: boolean) => void; reject: (error: unknown) => void };

export function createSignups(db: Db, options: SignupOptions) {
  const perIp = new RateLimiter(options.limits.perIp);
  const perEmail = new RateLimiter(options.limits.perEmail);
  let queue: Pending[] = [];
  let scheduled = false;

  /** Writes one signup; answers whether it queued an e-mail. */
  async function write(trx: Db, signup: Signup): Promise<boolean> {
    // One statement for new and repeat addresses; attribution stays that of the first request.
    const { request_count } = await trx
      .insertInto('signups')
      .values({
        email: signup.email,
        first_requested_at: signup.now,
        last_requested_at: signup.now,
        request_count: 1,
        source: signup.source,
        ref: signup.ref,
        ip_hash: signup.ipHash,
      })
      .onConflict((conflict) =>
        conflict.column('email').doUpdateSet((eb) => ({
          last_requested_at: signup.now,
          request_count: eb('signups.request_count', '+', 1),
        })),
      )
      .returning('request_count')
      .executeTakeFirstOrThrow();
    if (request_count > 1) {
      const last = await trx
        .selectFrom('outbox')
        .select(['created_at'])
        .where('recipient', '=', signup.email)
        .where('kind', '=', 'welcome')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const resendFrom = new Date(Date.parse(signup.now) - RESEND_AFTER_HOURS * 3600_000).toISOString();
      if (last && last.created_at > resendFrom) return false;
    }
    await trx
      .insertInto('outbox')
      .values({
        // Random, file-name safe and unique: the delivery worker uses it as Message-ID and .eml name.
        idempotency_key: crypto.randomUUID(),
        kind: 'welcome',
        recipient: signup.email,
        payload: JSON.stringify({ email: signup.email }),
        status: 'pending',
        attempts: 0,
        next_attempt_at: signup.now,
        created_at: signup.now,
      })
      .execute();
    return true;
  }

  async function commit(batch: Pending[]): Promise<boolean[]> {
    return db.transaction().execute(async (trx) => {
      const queued: boolean[] = [];
      for (const signup of batch) queued.push(await write(trx, signup));
      return queued;
    });
  }

  async function flush() {
    scheduled = false;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    if (queue.length) schedule();
    let queued: boolean[];
    try {
      queued = await commit(batch);
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
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

  function refuse(retryAfterSeconds: number): never {
    throw new UserFacingError('RATE_LIMITED', RATE_LIMITED_MESSAGE, { retryAfterSeconds });
  }

  return {
    async startSelling(input: StartSellingInput, context: RequestContext = {}): Promise<{ success: true }> {
      if (typeof input.website === 'string' && input.website.trim() !== '') return { success: true };
      const now = context.now ?? new Date();
      if (context.ipHash) {
        const decision = perIp.hit(context.ipHash, now.getTime());
        if (!decision.ok) refuse(decision.retryAfterSeconds);
      }
      const check = checkEmail(input.email);
      if (!check.ok) throw new UserFacingError('BAD_USER_INPUT', check.message);
      const decision = perEmail.hit(check.email.toLowerCase(), now.getTime());
      if (!decision.ok) refuse(decision.retryAfterSeconds);
      await new Promise<boolean>((resolve, reject) => {
        queue.push({
          email: check.email,
          source: clip(input.source),
          ref: clip(input.ref),
          ipHash: context.ipHash ?? null,
          now: now.toISOString(),
          resolve,
          reject,
        });
        schedule();
      });
      return { success: true };
    },
  };
}

export type Signups = ReturnType<typeof createSignups>;
