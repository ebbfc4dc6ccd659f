/**
 * The PostgreSQL migration chain, applied in order at start (or by `npm run admin -- migrate`).
 * Append new ones (one file each, listed here in order); never edit one that has shipped.
 */
import type { Migration } from 'kysely/migration';
import * as signupsOutbox from './0001_signups_outbox.js';
import * as contest from './0002_contest.js';
import * as sharedState from './0003_shared_state.js';
import * as contestRecordedKobo from './0004_contest_recorded_kobo.js';
import * as privacy from './0005_privacy.js';
import * as signupLocale from './0006_signup_locale.js';
import * as signupRetention from './0007_signup_retention.js';
import * as partnerPages from './0008_partner_pages.js';
import * as consent from './0009_consent.js';
import * as partnerDailySignups from './0010_partner_daily_signups.js';
import * as consentAskedCategories from './0011_consent_asked_categories.js';
import * as consentRetentionRuns from './0012_consent_retention_runs.js';
import * as partnersTable from './0013_partners.js';
import * as partnerCountsMasked from './0014_partner_counts_masked.js';
import * as partnerRetentionRuns from './0015_partner_retention_runs.js';

export const postgresMigrations: Record<string, Migration> = {
  '0001_signups_outbox': signupsOutbox,
  '0002_contest': contest,
  '0003_shared_state': sharedState,
  '0004_contest_recorded_kobo': contestRecordedKobo,
  '0005_privacy': privacy,
  '0006_signup_locale': signupLocale,
  '0007_signup_retention': signupRetention,
  '0008_partner_pages': partnerPages,
  '0009_consent': consent,
  '0010_partner_daily_signups': partnerDailySignups,
  '0011_consent_asked_categories': consentAskedCategories,
  '0012_consent_retention_runs': consentRetentionRuns,
  '0013_partners': partnersTable,
  '0014_partner_counts_masked': partnerCountsMasked,
  '0015_partner_retention_runs': partnerRetentionRuns,
};
