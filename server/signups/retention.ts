/**
 * Signup retention (docs/signups.md, "Retention"): signups not requested again for SIGNUP_RETENTION_DAYS
 * are erased with their outbox rows, once a day across every server on the database: on PostgreSQL
 * the run holds an advisory lock and records itself before letting go. Batches of signups, each in one
 * transaction with its outbox rows, so a crash or shutdown mid-run leaves nothing half-erased.
 */
import { sql } from 'kysely';
import { eraseExpiredConsent } from '../consent/consent.js';
import { dbClock } from '../db/clock.js';
import type { OpenedDatabase } from '../db/database.js';

/** The advisory lock's name: held for the whole run by the server doing it. */
export const RETENTION_LOCK = 'kasuwa.signup-retention';
const DAY_MS = 86_400_000;
/** How often each server looks whether a run is due. */
export const RETENTION_CHECK_MS = 3_600_000;
/** A run is due once the last finished one is older than this. */
export const RETENTION_DUE_AFTER_MS = 23 * 3_600_000;
/** Signups per transaction: each one short, under the database's statement and lock bounds. */
const BATCH = 1000;

export type RetentionRun =
  /** Another server holds the run, or a run finished less than RETENTION_DUE_AFTER_MS ago. */
  | { ran: false; why: 'running elsewhere' | 'done recently' }
  | {
      ran: true;
      /** Signups last requested before this time were erased. */
      erasedBefore: string;
      signupsErased: number;
      outboxErased: number;
      /** Cookie answers recorded more than CONSENT_KEPT_DAYS ago, deleted after the signups. */
      consentErased: number;
      /** Stopped between batches for a shutdown: not recorded, so the next look goes on. */
      interrupted: boolean;
    };

type RunOptions = {
  /** Asked between batches: true stops the run there (a shutdown). */
  shouldStop?: () => boolean;
  dueAfterMs?: number;
};

/** One run, if one is due and no other server is doing it. */
export async function eraseExpiredSignups(
  opened: OpenedDatabase,
  retentionDays: number,
  options: RunOptions = {},
): Promise<RetentionRun> {
  if (opened.backend === 'sqlite') return runIfDue(opened, retentionDays, options);
  // A session lock on a connection of its own: the batches commit on others while it is held.
  const client = await opened.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
      RETENTION_LOCK,
    ]);
    if (!rows[0]?.locked) return { ran: false, why: 'running elsewhere' };
    try {
      return await runIfDue(opened, retentionDays, options);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [RETENTION_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function runIfDue(opened: OpenedDatabase, retentionDays: number, options: RunOptions): Promise<RetentionRun> {
  const { db } = opened;
  const clock = dbClock(opened.backend);
  // Read after taking the lock: a run another server finished just before is seen here.
  const recent = await db
    .selectFrom('signup_retention_runs')
    .select('id')
    .where('ran_at', '>', clock.offset(-(options.dueAfterMs ?? RETENTION_DUE_AFTER_MS)))
    .limit(1)
    .executeTakeFirst();
  if (recent) return { ran: false, why: 'done recently' };
  // The database clock, as for the times signups are stamped with.
  const { rows } = await sql<{ cutoff: string }>`SELECT ${clock.offset(-retentionDays * DAY_MS)} AS cutoff`.execute(db);
  const erasedBefore = rows[0]!.cutoff;
  let signupsErased = 0;
  let outboxErased = 0;
  for (;;) {
    if (options.shouldStop?.())
      return { ran: true, erasedBefore, signupsErased, outboxErased, consentErased: 0, interrupted: true };
    const batch = await db.transaction().execute(async (trx) => {
      // The time is checked again on the row itself: a signup requested anew meanwhile stays.
      const gone = await trx
        .deleteFrom('signups')
        .where('last_requested_at', '<', erasedBefore)
        .where('id', 'in', (eb) =>
          eb.selectFrom('signups').select('id').where('last_requested_at', '<', erasedBefore).limit(BATCH),
        )
        .returning('inbox_key')
        .execute();
      if (!gone.length) return { signups: 0, outbox: 0 };
      // By inbox (server/privacy/: any spelling of the address), and older than the cutoff too: a new
      // signup for the same inbox since then keeps its welcome mail.
      const inboxes = [...new Set(gone.flatMap((row) => (row.inbox_key ? [row.inbox_key] : [])))];
      if (!inboxes.length) return { signups: gone.length, outbox: 0 };
      const outbox = await trx
        .deleteFrom('outbox')
        .where('inbox_key', 'in', inboxes)
        .where('created_at', '<', erasedBefore)
        .executeTakeFirst();
      return { signups: gone.length, outbox: Number(outbox.numDeletedRows) };
    });
    signupsErased += batch.signups;
    outboxErased += batch.outbox;
    if (batch.signups < BATCH) break;
  }
  // The same daily run deletes the cookie answers past their keeping time (server/consent/).
  const consentErased = await eraseExpiredConsent(opened);
  await db
    .insertInto('signup_retention_runs')
    .values({
      ran_at: clock.now(),
      erased_before: erasedBefore,
      signups_erased: signupsErased,
      outbox_erased: outboxErased,
    })
    .execute();
  return { ran: true, erasedBefore, signupsErased, outboxErased, consentErased, interrupted: false };
}

type Log = (msg: string, fields?: Record<string, unknown>) => void;

export type SignupRetention = {
  /** Stops looking; a run under way stops after its current batch. */
  stop(): Promise<void>;
};

/**
 * Looks at start and then every RETENTION_CHECK_MS; `retentionDays` 0 keeps signups for ever and looks
 * at nothing. One log line per run, with counts, never an address.
 */
export function startSignupRetention(options: {
  opened: OpenedDatabase;
  retentionDays: number;
  log: Log;
  warn: Log;
  checkEveryMs?: number;
  dueAfterMs?: number;
}): SignupRetention {
  const { opened, retentionDays, log, warn } = options;
  if (retentionDays <= 0) return { stop: async () => {} };
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const look = async () => {
    try {
      const run = await eraseExpiredSignups(opened, retentionDays, {
        shouldStop: () => stopping,
        dueAfterMs: options.dueAfterMs,
      });
      if (run.ran) {
        log('signup retention', {
          retentionDays,
          erasedBefore: run.erasedBefore,
          signupsErased: run.signupsErased,
          outboxErased: run.outboxErased,
          consentErased: run.consentErased,
          ...(run.interrupted ? { interrupted: true } : {}),
        });
      }
    } catch (error) {
      // The database away or busy: the next look tries again.
      warn('signup retention failed', { error: String(error) });
    }
  };
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = look().then(() => {
        if (!stopping) schedule(options.checkEveryMs ?? RETENTION_CHECK_MS);
      });
    }, delayMs);
  };
  schedule(0);
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
