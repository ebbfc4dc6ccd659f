/**
 * startSelling: validate, then record the signup and queue its welcome e-mail in one transaction.
 * Transport-free: the caller passes what it knows about the request in `context`.
 */
import { checkEmail } from '../../common/email.js';
import type { Db } from '../db/database.js';
import { UserFacingError } from './errors.js';

export type StartSellingInput = { email: string; source?: string | null; ref?: string | null };
export type RequestContext = { ipHash?: string | null; now?: Date };

const MAX_ATTRIBUTION = 512;

function clip(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, MAX_ATTRIBUTION);
}

export async function startSelling(
  db: Db,
  input: StartSellingInput,
  context: RequestContext = {},
): Promise<{ success: true }> {
  const check = checkEmail(input.email);
  if (!check.ok) throw new UserFacingError('BAD_USER_INPUT', check.message);
  const now = (context.now ?? new Date()).toISOString();
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('signups').select(['id']).where('email', '=', check.email).executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('signups')
        .set((eb) => ({ last_requested_at: now, request_count: eb('request_count', '+', 1) }))
        .where('id', '=', existing.id)
        .execute();
      return;
    }
    await trx
      .insertInto('signups')
      .values({
        email: check.email,
        first_requested_at: now,
        last_requested_at: now,
        request_count: 1,
        source: clip(input.source),
        ref: clip(input.ref),
        ip_hash: context.ipHash ?? null,
      })
      .execute();
    await trx
      .insertInto('outbox')
      .values({
        idempotency_key: `welcome:${check.email}:${now}`,
        kind: 'welcome',
        recipient: check.email,
        payload: JSON.stringify({ email: check.email }),
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
  });
  return { success: true };
}
