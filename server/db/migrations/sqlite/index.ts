/**
 * The SQLite migration chain, applied in order at start (or by `npm run admin -- migrate`).
 * Append new ones (one file each, listed here in order); never edit one that has shipped.
 */
import type { Migration } from 'kysely/migration';
import * as initial from './0001_initial.js';
import * as signups from './0002_signups.js';
import * as contest from './0003_contest.js';
import * as contestReloadScope from './0004_contest_reload_scope.js';
import * as signupsOnePerInbox from './0005_signups_one_per_inbox.js';
import * as contestRecordedKobo from './0006_contest_recorded_kobo.js';
import * as privacy from './0007_privacy.js';
import * as signupLocale from './0008_signup_locale.js';
import * as signupRetention from './0009_signup_retention.js';
import * as partnerPages from './0010_partner_pages.js';
import * as consent from './0011_consent.js';
import * as partnerDailySignups from './0012_partner_daily_signups.js';
import * as consentAskedCategories from './0013_consent_asked_categories.js';
import * as consentRetentionRuns from './0014_consent_retention_runs.js';
import * as partnersTable from './0015_partners.js';
import * as partnerCountsMasked from './0016_partner_counts_masked.js';
import * as partnerRetentionRuns from './0017_partner_retention_runs.js';

export const sqliteMigrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_signups': signups,
  '0003_contest': contest,
  '0004_contest_reload_scope': contestReloadScope,
  '0005_signups_one_per_inbox': signupsOnePerInbox,
  '0006_contest_recorded_kobo': contestRecordedKobo,
  '0007_privacy': privacy,
  '0008_signup_locale': signupLocale,
  '0009_signup_retention': signupRetention,
  '0010_partner_pages': partnerPages,
  '0011_consent': consent,
  '0012_partner_daily_signups': partnerDailySignups,
  '0013_consent_asked_categories': consentAskedCategories,
  '0014_consent_retention_runs': consentRetentionRuns,
  '0015_partners': partnersTable,
  '0016_partner_counts_masked': partnerCountsMasked,
  '0017_partner_retention_runs': partnerRetentionRuns,
};
