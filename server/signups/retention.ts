/**
 * Signup retention (docs/signups.md, "Retention"): signups not requested again for SIGNUP_RETENTION_DAYS
 * are erased with their outbox rows, once a day across every server on the database. Batches of
 * signups, each in one transaction with its outbox rows, so a crash or shutdown mid-run leaves nothing
 * half-erased.
 *
 * "Once a day across every server" is shared with the consent records' retention
 * (server/consent/retention.ts): runDaily() runs a job if its last finished run (a row in its runs
 * table) is older than a day, and on PostgreSQL holds the job's advisory lock for the whole run and
 * records it before letting go; startDaily() looks at start and then every RETENTION_CHECK_MS.
 */
import { type Expression, sql } from 'kysely';
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

/** A daily job's run: not run (another server holds it, or it ran less than a day ago), or what it did. */
export type DailyRun<Done> =
  | { ran: false; why: 'running elsewhere' | 'done recently' }
  | ({
      ran: true;
      /** Stopped between batches for a shutdown: not recorded, so the next look goes on. */
      interrupted: boolean;
    } & Done);

export type DailyJob<Done> = {
  /** The PostgreSQL advisory lock's name. */
  lock: string;
  /** The table with one row per finished run, with its time in `ran_at`. */
  runsTable: 'signup_retention_runs' | 'consent_retention_runs';
  /** The work; `shouldStop` is asked between batches. */
  work(shouldStop: () => boolean): Promise<Done & { interrupted: boolean }>;
  /** Adds the finished run's row to `runsTable`, `ranAt` its time. */
  record(done: Done, ranAt: Expression<string>): Promise<void>;
};

type RunOptions = {
  /** Asked between batches: true stops the run there (a shutdown). */
  shouldStop?: () => boolean;
  dueAfterMs?: number;
};

/** One run of `job`, if one is due and no other server is doing it. */
export async function runDaily<Done>(
  opened: OpenedDatabase,
  job: DailyJob<Done>,
  options: RunOptions = {},
): Promise<DailyRun<Done>> {
  if (opened.backend === 'sqlite') return runIfDue(opened, job, options);
  // A session lock on a connection of its own: the batches commit on others while it is held.
  const client = await opened.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
      job.lock,
    ]);
    if (!rows[0]?.locked) return { ran: false, why: 'running elsewhere' };
    try {
      return await runIfDue(opened, job, options);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [job.lock]);
    }
  } finally {
    client.release();
  }
}

async function runIfDue<Done>(
  opened: OpenedDatabase,
  job: DailyJob<Done>,
  options: RunOptions,
): Promise<DailyRun<Done>> {
  const clock = dbClock(opened.backend);
  // Read after taking the lock: a run another server finished just before is seen here.
  const { rows: recent } = await sql`
    SELECT 1 FROM ${sql.table(job.runsTable)}
    WHERE ran_at > ${clock.offset(-(options.dueAfterMs ?? RETENTION_DUE_AFTER_MS))}
    LIMIT 1
  `.execute(opened.db);
  if (recent.length) return { ran: false, why: 'done recently' };
  const done = await job.work(options.shouldStop ?? (() => false));
  if (!done.interrupted) await job.record(done, clock.now());
  return { ran: true, ...done };
}

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

type Log = (msg: string, fields?: Record<string, unknown>) => void;

export type DailyLooks = {
  /** Stops looking; a run under way stops after its current batch. */
  stop(): Promise<void>;
};

/**
 * Calls `look` at start and then every `checkEveryMs` (RETENTION_CHECK_MS), `shouldStop` true once
 * stop() is called; a look that throws (the database away or busy) is warned about as `name` failed,
 * and the next look tries again.
 */
export function startDaily(options: {
  name: string;
  look: (shouldStop: () => boolean) => Promise<void>;
  warn: Log;
  checkEveryMs?: number;
}): DailyLooks {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const look = async () => {
    try {
      await options.look(() => stopping);
    } catch (error) {
      options.warn(`${options.name} failed`, { error: String(error) });
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
