/**
 * Storage for the e-mail outbox (delivery rules: server/mail/worker.ts; docs/signups.md). A worker claims
 * due rows with a lease and renews it while it sends and records them; only the claimer records the
 * outcome, and a row whose lease ran out is taken over by any worker. On PostgreSQL several servers
 * claim at once, skipping rows another transaction holds (FOR UPDATE SKIP LOCKED).
 */
import { type Selectable, sql, type UpdateObject } from 'kysely';
import { dbClock } from '../db/clock.js';
import type { OpenedDatabase } from '../db/database.js';
import type { Database, OutboxTable } from '../db/schema.js';

export type OutboxRow = Pick<
  Selectable<OutboxTable>,
  'id' | 'idempotency_key' | 'kind' | 'recipient' | 'attempts' | 'payload' | 'created_at'
>;

/**
 * The outbox as the metrics read it (kasuwa_outbox_*): rows by status; how long the oldest row due and
 * not sent has been due, in seconds (0 when none); and pending rows whose retry is not due yet.
 */
export type OutboxBacklog = {
  depth: Record<'pending' | 'sending' | 'failed', number>;
  oldestDue: number;
  awaitingRetry: number;
};

/** Right before a send: send it, drop it (its inbox is on the suppression list: now `cancelled`), or not ours. */
export type SendCheck = 'send' | 'suppressed' | 'not-held';

export type OutboxStore = {
  /** Claims up to `limit` due rows (and rows with an expired lease) for `worker` until `leaseMs` from now. */
  claim(worker: string, limit: number, leaseMs: number): Promise<OutboxRow[]>;
  /** Records sends; answers the rows that were still this worker's (not taken over after their lease). */
  markSent(ids: number[], worker: string): Promise<number[]>;
  /** Extends the lease on rows still this worker's to `leaseMs` from now; answers those rows. */
  renew(ids: number[], worker: string, leaseMs: number): Promise<number[]>;
  /**
   * The last look before a send, one read: the row is still this worker's (not cancelled, erased or
   * taken over) and its inbox (`inboxHash`, the suppression list's key) is not on the suppression list.
   * A suppressed row is marked `cancelled`.
   */
  checkBeforeSend(id: number, worker: string, inboxHash: string): Promise<SendCheck>;
  /** Records a failure: back to pending after `retryInMs`, or failed for good. */
  markFailed(id: number, worker: string, failure: { message: string; retryInMs: number | null }): Promise<void>;
  /** Puts every `sending` row back to pending; only for a database one process owns (embedded SQLite). */
  resumeAll(): Promise<number>;
  /** Gives back claimed rows left unsent (stopping), as if never tried. */
  release(ids: number[], worker: string): Promise<void>;
  /**
   * The operator's re-queue (`mail:retry`): rows waiting for a retry, and with `failed` the given-up
   * ones too, become due now with their attempts from zero; `since` keeps those queued since then.
   * `failedLeft`: the failed rows left as they were (without `failed`).
   */
  requeue(options: {
    failed: boolean;
    since?: string;
  }): Promise<{ waiting: number; failed: number; failedLeft: number }>;
  /**
   * The backlog at `now`, one grouped query. A mail is due once its next_attempt_at has passed (a row
   * waiting for its retry is not late yet), measured from that time; `sending` rows are due, claimed by a worker.
   */
  backlog(now: Date): Promise<OutboxBacklog>;
};

export function createOutboxStore(opened: Pick<OpenedDatabase, 'backend' | 'db'>): OutboxStore {
  const { db, backend } = opened;
  const clock = dbClock(backend);
  /** Updates the rows of `ids` this worker still holds (claimed by it, still sending); answers their ids. */
  async function updateHeld(ids: number[], worker: string, set: UpdateObject<Database, 'outbox'>): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .updateTable('outbox')
      .set(set)
      .where('id', 'in', ids)
      .where('status', '=', 'sending')
      .where('claimed_by', '=', worker)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
  return {
    async claim(worker, limit, leaseMs) {
      return db.transaction().execute(async (trx) => {
        let due = trx
          .selectFrom('outbox')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', clock.now())]),
              eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', clock.now())]),
            ]),
          )
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit);
        if (backend === 'postgres') due = due.forUpdate().skipLocked();
        const ids = (await due.execute()).map((row) => row.id);
        if (ids.length === 0) return [];
        return trx
          .updateTable('outbox')
          .set((eb) => ({
            status: 'sending',
            claimed_by: worker,
            claimed_at: clock.now(),
            lease_until: clock.offset(leaseMs),
            attempts: eb('attempts', '+', 1),
          }))
          .where('id', 'in', ids)
          .returning(['id', 'idempotency_key', 'kind', 'recipient', 'attempts', 'payload', 'created_at'])
          .execute();
      });
    },
    markSent: (ids, worker) =>
      updateHeld(ids, worker, { status: 'sent', sent_at: clock.now(), last_error: null, lease_until: null }),
    renew: (ids, worker, leaseMs) => updateHeld(ids, worker, { lease_until: clock.offset(leaseMs) }),
    async checkBeforeSend(id, worker, inboxHash) {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [
          'status',
          'claimed_by',
          eb
            .exists(eb.selectFrom('suppressions').select('inbox_hash').where('inbox_hash', '=', inboxHash))
            .as('listed'),
        ])
        .where('id', '=', id)
        .executeTakeFirst();
      if (row?.status !== 'sending' || row.claimed_by !== worker) return 'not-held';
      if (!row.listed) return 'send';
      await updateHeld([id], worker, { status: 'cancelled', lease_until: null });
      return 'suppressed';
    },
    async markFailed(id, worker, failure) {
      await db
        .updateTable('outbox')
        .set(
          failure.retryInMs === null
            ? { status: 'failed', last_error: failure.message, lease_until: null }
            : {
                status: 'pending',
                next_attempt_at: clock.offset(failure.retryInMs),
                last_error: failure.message,
                lease_until: null,
              },
        )
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where('claimed_by', '=', worker)
        .execute();
    },
    async resumeAll() {
      const result = await db
        .updateTable('outbox')
        .set({ status: 'pending', lease_until: null })
        .where('status', '=', 'sending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async release(ids, worker) {
      if (ids.length === 0) return;
      await db
        .updateTable('outbox')
        .set((eb) => ({ status: 'pending', attempts: eb('attempts', '-', 1), lease_until: null }))
        .where('id', 'in', ids)
        .where('status', '=', 'sending')
        .where('claimed_by', '=', worker)
        .execute();
    },
    async requeue({ failed, since }) {
      return db.transaction().execute(async (trx) => {
        const again = (status: 'pending' | 'failed') =>
          trx
            .updateTable('outbox')
            .set({ status: 'pending', attempts: 0, next_attempt_at: clock.now(), lease_until: null })
            .where('status', '=', status)
            // A pending row never tried is due anyway; one that failed before waits for its backoff.
            .$if(status === 'pending', (query) => query.where('attempts', '>', 0))
            .$if(since !== undefined, (query) => query.where('created_at', '>=', since!))
            .executeTakeFirst()
            .then((result) => Number(result.numUpdatedRows));
        const waiting = await again('pending');
        if (failed) return { waiting, failed: await again('failed'), failedLeft: 0 };
        const left = await trx
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'failed')
          .$if(since !== undefined, (query) => query.where('created_at', '>=', since!))
          .executeTakeFirstOrThrow();
        return { waiting, failed: 0, failedLeft: Number(left.n) };
      });
    },
    async backlog(now) {
      const at = now.toISOString();
      const due = sql<boolean>`(${sql.ref('status')} = 'sending' or ${sql.ref('next_attempt_at')} <= ${at})`;
      const groups = await db
        .selectFrom('outbox')
        .select((eb) => [
          'status',
          eb.fn.countAll<number | string>().as('rows'),
          sql<string | Date | null>`min(case when ${due} then ${sql.ref('next_attempt_at')} end)`.as('oldest_due'),
          sql<number | string | null>`sum(case when ${due} then 0 else 1 end)`.as('not_due'),
        ])
        .where('status', 'in', ['pending', 'sending', 'failed'])
        .groupBy('status')
        .execute();
      const depth = { pending: 0, sending: 0, failed: 0 };
      let oldest = Number.POSITIVE_INFINITY;
      let awaitingRetry = 0;
      for (const group of groups) {
        depth[group.status as keyof typeof depth] = Number(group.rows);
        if (group.status === 'failed') continue;
        if (group.oldest_due) oldest = Math.min(oldest, new Date(group.oldest_due).getTime());
        if (group.status === 'pending') awaitingRetry = Number(group.not_due ?? 0);
      }
      const oldestDue = Number.isFinite(oldest) ? Math.max(0, (now.getTime() - oldest) / 1000) : 0;
      return { depth, oldestDue, awaitingRetry };
    },
  };
}
