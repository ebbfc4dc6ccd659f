/**
 * The partner programme's retention (docs/partners.md, "Joining"; the privacy policy): a reservation
 * never confirmed is deleted UNCONFIRMED_KEPT_DAYS after it was made, once a day across every server on
 * the database (../db/daily-job.ts, a row per finished run in partner_retention_runs), whatever
 * SIGNUP_RETENTION_DAYS says. Confirmed partners stay until privacy:erase.
 */
import { sql } from 'kysely';
import { UNCONFIRMED_KEPT_DAYS } from '../../common/partner-programme.js';
import { dbClock } from '../db/clock.js';
import { type DailyLooks, type DailyRun, type Log, runDaily, startDaily } from '../db/daily-job.js';
import type { OpenedDatabase } from '../db/database.js';

export { UNCONFIRMED_KEPT_DAYS };

const DAY_MS = 86_400_000;

/** The advisory lock's name, apart from the other retentions': the runs never wait for each other. */
const PARTNER_RETENTION_LOCK = 'kasuwa.partner-retention';

export type UnconfirmedErasure = { erasedBefore: string; erased: number; interrupted: boolean };
export type PartnerRetentionRun = DailyRun<Omit<UnconfirmedErasure, 'interrupted'>>;

/** Deletes the reservations made before `at` (default now) minus UNCONFIRMED_KEPT_DAYS and never confirmed. */
export async function eraseUnconfirmedPartners(opened: OpenedDatabase, at?: string): Promise<UnconfirmedErasure> {
  const cutoff = dbClock(opened.backend).offset(-UNCONFIRMED_KEPT_DAYS * DAY_MS, at);
  const { rows } = await sql<{ cutoff: string }>`SELECT ${cutoff} AS cutoff`.execute(opened.db);
  const erasedBefore = new Date(rows[0]!.cutoff).toISOString();
  const result = await opened.db
    .deleteFrom('partners')
    .where('confirmed_at', 'is', null)
    .where('created_at', '<', erasedBefore)
    .executeTakeFirst();
  return { erasedBefore, erased: Number(result.numDeletedRows), interrupted: false };
}

/** One run, if one is due and no other server is doing it; `at` pins the clock (tests). */
export function eraseUnconfirmedPartnersDaily(
  opened: OpenedDatabase,
  options: { dueAfterMs?: number; at?: string } = {},
): Promise<PartnerRetentionRun> {
  return runDaily(
    opened,
    {
      lock: PARTNER_RETENTION_LOCK,
      runsTable: 'partner_retention_runs',
      work: () => eraseUnconfirmedPartners(opened, options.at),
      async record(done, ranAt) {
        await opened.db
          .insertInto('partner_retention_runs')
          .values({ ran_at: ranAt, erased_before: done.erasedBefore, partners_erased: done.erased })
          .execute();
      },
    },
    options,
  );
}

/** Looks at start and then every RETENTION_CHECK_MS. One log line per run, with its count. */
export function startPartnerRetention(options: {
  opened: OpenedDatabase;
  log: Log;
  warn: Log;
  checkEveryMs?: number;
}): DailyLooks {
  const { opened, log } = options;
  return startDaily({
    name: 'partner retention',
    warn: options.warn,
    checkEveryMs: options.checkEveryMs,
    async look() {
      const run = await eraseUnconfirmedPartnersDaily(opened);
      if (!run.ran) return;
      log('partner retention', {
        keptDays: UNCONFIRMED_KEPT_DAYS,
        erasedBefore: run.erasedBefore,
        unconfirmedErased: run.erased,
      });
    },
  });
}
