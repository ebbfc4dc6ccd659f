/**
 * A job run once a day across every server sharing the database: it runs when its last finished run, a
 * row in its runs table, is older than RETENTION_DUE_AFTER_MS. On PostgreSQL the server running it holds
 * the job's advisory lock for the whole run and records the run before letting go. Each server looks at
 * start and every RETENTION_CHECK_MS.
 */
import { type Expression, sql } from 'kysely';
import { dbClock } from './clock.js';
import type { OpenedDatabase } from './database.js';

/** How often each server looks whether a run is due. */
export const RETENTION_CHECK_MS = 3_600_000;
/** A run is due once the last finished one is older than this. */
export const RETENTION_DUE_AFTER_MS = 23 * 3_600_000;

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
  runsTable: 'signup_retention_runs' | 'consent_retention_runs' | 'partner_retention_runs';
  /** The work; `shouldStop` is asked between batches. */
  work(shouldStop: () => boolean): Promise<Done & { interrupted: boolean }>;
  /** Adds the finished run's row to `runsTable`, `ranAt` its time. */
  record(done: Done, ranAt: Expression<string>): Promise<void>;
};

export type RunOptions = {
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

export type Log = (msg: string, fields?: Record<string, unknown>) => void;

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
