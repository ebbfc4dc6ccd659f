/**
 * Signup retention (docs/signups.md, "Retention"): signups not requested again for SIGNUP_RETENTION_DAYS
 * are erased with their outbox rows, once a day across every server on the database (../db/daily-job.ts),
 * in batches, each one transaction with its outbox rows, so a crash or shutdown mid-run leaves nothing
 * half-erased.
 */
import { sql } from 'kysely';
import { dbClock } from '../db/clock.js';
import { type DailyLooks, type DailyRun, type Log, type RunOptions, runDaily, startDaily } from '../db/daily-job.js';
import type { OpenedDatabase } from '../db/database.js';

/** The advisory lock's name: held for the whole run by the server doing it. */
export const RETENTION_LOCK = 'kasuwa.signup-retention';
const DAY_MS = 86_400_000;
/** Signups per transaction: each one short, under the database's statement and lock bounds. */
const BATCH = 1000;

export type SignupsErased = {
  /** Signups last requested before this time were erased. */
  erasedBefore: string;
  signupsErased: number;
  outboxErased: number;
};

export type RetentionRun = DailyRun<SignupsErased>;

/** One run of signup retention, if one is due and no other server is doing it. */
export function eraseExpiredSignups(
  opened: OpenedDatabase,
  retentionDays: number,
  options: RunOptions = {},
): Promise<RetentionRun> {
  return runDaily(
    opened,
    {
      lock: RETENTION_LOCK,
      runsTable: 'signup_retention_runs',
      work: (shouldStop) => eraseSignups(opened, retentionDays, shouldStop),
      async record(done, ranAt) {
        await opened.db
          .insertInto('signup_retention_runs')
          .values({
            ran_at: ranAt,
            erased_before: done.erasedBefore,
            signups_erased: done.signupsErased,
            outbox_erased: done.outboxErased,
          })
          .execute();
      },
    },
    options,
  );
}

async function eraseSignups(
  opened: OpenedDatabase,
  retentionDays: number,
  shouldStop: () => boolean,
): Promise<SignupsErased & { interrupted: boolean }> {
  const { db } = opened;
  const clock = dbClock(opened.backend);
  // The database clock, as for the times signups are stamped with.
  const { rows } = await sql<{ cutoff: string }>`SELECT ${clock.offset(-retentionDays * DAY_MS)} AS cutoff`.execute(db);
  const erasedBefore = rows[0]!.cutoff;
  let signupsErased = 0;
  let outboxErased = 0;
  for (;;) {
    if (shouldStop()) return { erasedBefore, signupsErased, outboxErased, interrupted: true };
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
    if (batch.signups < BATCH) return { erasedBefore, signupsErased, outboxErased, interrupted: false };
  }
}

export type SignupRetention = DailyLooks;

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
  const { opened, retentionDays, log } = options;
  if (retentionDays <= 0) return { stop: async () => {} };
  return startDaily({
    name: 'signup retention',
    warn: options.warn,
    checkEveryMs: options.checkEveryMs,
    async look(shouldStop) {
      const run = await eraseExpiredSignups(opened, retentionDays, { shouldStop, dueAfterMs: options.dueAfterMs });
      if (!run.ran) return;
      log('signup retention', {
        retentionDays,
        erasedBefore: run.erasedBefore,
        signupsErased: run.signupsErased,
        outboxErased: run.outboxErased,
        ...(run.interrupted ? { interrupted: true } : {}),
      });
    },
  });
}
