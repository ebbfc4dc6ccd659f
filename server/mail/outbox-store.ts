/**
 * Storage for the e-mail outbox (delivery rules: server/mail/worker.ts; docs/signups.md). A worker claims
 * due rows with a lease and renews it while it sends and records them; only the claimer records the
 * outcome, and a row whose lease ran out is taken over by any worker. On PostgreSQL several servers
 * claim at once, skipping rows another transaction holds (FOR UPDATE SKIP LOCKED).
 */
import type { Selectable, UpdateObject } from 'kysely';
import { dbClock } from '../db/clock.js';
import type { OpenedDatabase } from '../db/database.js';
import type { Database, OutboxTable } from '../db/schema.js';

export type OutboxRow = Pick<Selectable<OutboxTable>, 'id' | 'idempotency_key' | 'kind' | 'recipient' | 'attempts' | 'payload'>;

export type OutboxStore = {
  /** Claims up to `limit` due rows (and rows with an expired lease) for `worker` until `leaseMs` from now. */
  claim(worker: string, limit: number, leaseMs: number): Promise<OutboxRow[]>;
  /** Records sends; answers the rows that were still this worker's (not taken over after their lease). */
  markSent(ids: number[], worker: string): Promise<number[]>;
  /** Extends the lease on rows still this worker's to `leaseMs` from now; answers those rows. */
  renew(ids: number[], worker: string, leaseMs: number): Promise<number[]>;
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
          .returning(['id', 'idempotency_key', 'kind', 'recipient', 'attempts', 'payload'])
          .execute();
      });
    },
    markSent: (ids, worker) =>
      updateHeld(ids, worker, { status: 'sent', sent_at: clock.now(), last_error: null, lease_until: null }),
    renew: (ids, worker, leaseMs) => updateHeld(ids, worker, { lease_until: clock.offset(leaseMs) }),
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
  };
}
