/**
 * The consent records' own retention (docs/site.md#cookies-and-consent): answers recorded more than
 * CONSENT_KEPT_DAYS ago are deleted once a day across every server on the database (../db/daily-job.ts,
 * a row per finished run in consent_retention_runs), whatever SIGNUP_RETENTION_DAYS says: signups may be
 * kept for ever, the record of a cookie answer never is.
 */
import { type DailyLooks, type DailyRun, type Log, runDaily, startDaily } from '../db/daily-job.js';
import type { OpenedDatabase } from '../db/database.js';
import { CONSENT_KEPT_DAYS, type ConsentErasure, eraseExpiredConsent } from './consent.js';

/** The advisory lock's name, apart from signup retention's: the two runs never wait for each other. */
export const CONSENT_RETENTION_LOCK = 'kasuwa.consent-retention';

export type ConsentRetentionRun = DailyRun<Omit<ConsentErasure, 'interrupted'>>;

/** One run, if one is due and no other server is doing it; `at` pins the clock (tests). */
export function eraseExpiredConsentDaily(
  opened: OpenedDatabase,
  options: { shouldStop?: () => boolean; dueAfterMs?: number; at?: string } = {},
): Promise<ConsentRetentionRun> {
  return runDaily(
    opened,
    {
      lock: CONSENT_RETENTION_LOCK,
      runsTable: 'consent_retention_runs',
      work: (shouldStop) => eraseExpiredConsent(opened, options.at, shouldStop),
      async record(done, ranAt) {
        await opened.db
          .insertInto('consent_retention_runs')
          .values({ ran_at: ranAt, erased_before: done.erasedBefore, records_erased: done.erased })
          .execute();
      },
    },
    options,
  );
}

/** Looks at start and then every RETENTION_CHECK_MS. One log line per run, with its counts. */
export function startConsentRetention(options: {
  opened: OpenedDatabase;
  log: Log;
  warn: Log;
  checkEveryMs?: number;
  dueAfterMs?: number;
}): DailyLooks {
  const { opened, log } = options;
  return startDaily({
    name: 'consent retention',
    warn: options.warn,
    checkEveryMs: options.checkEveryMs,
    async look(shouldStop) {
      const run = await eraseExpiredConsentDaily(opened, { shouldStop, dueAfterMs: options.dueAfterMs });
      if (!run.ran) return;
      log('consent retention', {
        keptDays: CONSENT_KEPT_DAYS,
        erasedBefore: run.erasedBefore,
        recordsErased: run.erased,
        ...(run.interrupted ? { interrupted: true } : {}),
      });
    },
  });
}
