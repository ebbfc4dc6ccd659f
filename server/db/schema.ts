/** Table types for Kysely. Money is integer kobo; times are UTC ISO-8601 strings (sortable as text). */
import type { Generated } from 'kysely';

export interface StoresTable {
  id: string;
  name: string | null;
  /** Normalised ASCII (punycode) host, e.g. `adaeze-fabrics.kasuwa.shop`. */
  domain: string;
  custom_domain: string | null;
  logo_url: string | null;
  opted_in: number;
  created_at: string;
}

export interface SalesTable {
  order_id: string;
  store_id: string;
  amount_kobo: number;
  status: 'paid' | 'refunded';
  paid_at: string;
  updated_at: string;
}

export interface SignupsTable {
  id: Generated<number>;
  /** As first typed (domain lower-cased): the address we display and send to. */
  email: string;
  /** The whole address lower-cased: one signup per inbox whatever the letter case. */
  email_key: string;
  first_requested_at: string;
  last_requested_at: string;
  request_count: number;
  source: string | null;
  /** The partner or affiliate code the signup came with (once `ref`). */
  partner: string | null;
  /** The partner's campaign (a newsletter issue, say) the signup came with: same rules as the code. */
  campaign: string | null;
  ip_hash: string | null;
  /** The language of the latest request (en, pcm, ha, yo, ig; docs/languages.md): its welcome mail's. */
  locale: string | null;
  /** When the latest welcome e-mail was queued, and the request_count it was queued at (24-hour rule). */
  last_welcome_at: string | null;
  last_welcome_request: number | null;
  /** common/email.ts inboxKey: the inbox this address reaches (privacy requests find every spelling). */
  inbox_key: string | null;
}

/**
 * What an outbox row is, each kind queued by its capability and sent by the handler it gives the worker:
 * `welcome` (server/signups/welcome-delivery.ts), `partner-confirm` and `partner-link`
 * (server/partners/programme-mail.ts).
 */
export type OutboxKind = 'welcome' | 'partner-confirm' | 'partner-link';

export interface OutboxTable {
  id: Generated<number>;
  idempotency_key: string;
  kind: OutboxKind;
  recipient: string;
  payload: string;
  /** `cancelled`: the inbox asked for no more mail (docs/signups.md, "Privacy"). */
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';
  attempts: number;
  next_attempt_at: string;
  claimed_at: string | null;
  /** The worker holding the row while `sending`, until lease_until; after that any worker may take it. */
  claimed_by: string | null;
  lease_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
  inbox_key: string | null;
}

/** Inboxes that asked for no more mail, as keyed hashes only (server/privacy/). */
export interface SuppressionsTable {
  inbox_hash: string;
  /** `link` (the stop-e-mails page), `one-click` (RFC 8058) or `erased` (privacy:erase). */
  reason: string;
  created_at: string;
}

/** One finished run of signup retention (docs/signups.md, "Retention"). */
export interface SignupRetentionRunsTable {
  id: Generated<number>;
  ran_at: string;
  /** Signups last requested before this time were erased. */
  erased_before: string;
  signups_erased: number;
  outbox_erased: number;
}

/** One finished run of the consent records' retention (server/consent/retention.ts). */
export interface ConsentRetentionRunsTable {
  id: Generated<number>;
  ran_at: string;
  /** Answers recorded before this time were deleted. */
  erased_before: string;
  records_erased: number;
}

/** One finished run of the partner programme's retention (server/partners/retention.ts). */
export interface PartnerRetentionRunsTable {
  id: Generated<number>;
  ran_at: string;
  /** Unconfirmed partners created before this time were deleted. */
  erased_before: string;
  partners_erased: number;
}

/** One answer to the cookie question (server/consent/): the random id the browser keeps, no IP, no e-mail. */
export interface ConsentRecordsTable {
  id: Generated<number>;
  choice_id: string;
  /** The hash of the configured third parties' IDs the answer was given for. */
  version: string;
  /** Of the categories asked: all accepted, all refused, a custom set; 'chat' when only Chat was asked. */
  answer: 'all' | 'none' | 'custom' | 'chat';
  /** 1 accepted, 0 refused, NULL not asked. */
  analytics: number | null;
  marketing: number | null;
  chat: number | null;
  locale: string;
  /** The browser's time of the answer; recorded_at is the server's. */
  answered_at: string;
  recorded_at: string;
}

/** Per-store counted revenue (paid, inside the window) and the integer key of the rank index. */
export interface ContestStandingsTable {
  store_key: Generated<number>;
  store_id: string;
  revenue_kobo: number;
  /** Every order recorded for the store together, whatever its status or time (the per-store maximum's). */
  recorded_kobo: Generated<number>;
}

/** Monotonic log of counted revenues (effective: 0 while opted out); store_key null = reload all. */
export interface ContestChangesTable {
  seq: Generated<number>;
  store_key: number | null;
  revenue_kobo: number;
  /** On a row without a store key: 'revenues' or 'everything' (NULL: everything). */
  reload: 'revenues' | 'everything' | null;
}

export interface ContestMetaTable {
  key: string;
  value: string;
}

/** A partner code's link key version: links signed with an older one were revoked (docs/partners.md). */
export interface PartnerLinkKeysTable {
  partner: string;
  key_version: number;
  revoked_at: string;
}

/**
 * A partner code's signups per Lagos day, page and campaign, kept by a trigger on signups (migrations
 * 0010_partner_daily_signups on PostgreSQL, 0012 on SQLite; docs/partners.md): counts only, no person.
 */
export interface PartnerDailySignupsTable {
  partner: string;
  /** The Lagos calendar day the signups were first requested (a date on PostgreSQL, `2026-12-06` text on SQLite). */
  day: string;
  /** Host and path of the page the widget sat on, without the query; '' when it sent none. */
  page: string;
  /** '' when the signups came without one. */
  campaign: string;
  signups: number;
}

/** A reserved partner code and its owner (docs/partners.md, "Joining"). */
export interface PartnersTable {
  /** Lowercase letters, digits and hyphens, 3 to 32 (operators may assign an older code as it was used). */
  code: string;
  /** As typed (domain lower-cased): where the programme's mails go. */
  email: string;
  /** common/email.ts inboxKey: lost links and privacy requests find it whatever the spelling. */
  inbox_key: string;
  /** The website or social handle the partner gave. */
  website: string;
  /** The language of the programme's mails (en, pcm, ha, yo, ig). */
  locale: string;
  created_at: string;
  /** Null until the owner opens the confirmation link: an unconfirmed code is freed after CONFIRM_HOURS. */
  confirmed_at: string | null;
  /** Set by partners:disable: no link opens and no new one is sent; signups are still counted. */
  disabled_at: string | null;
}

export interface Database {
  partners: PartnersTable;
  contest_standings: ContestStandingsTable;
  contest_changes: ContestChangesTable;
  contest_meta: ContestMetaTable;
  stores: StoresTable;
  sales: SalesTable;
  signups: SignupsTable;
  outbox: OutboxTable;
  signup_retention_runs: SignupRetentionRunsTable;
  suppressions: SuppressionsTable;
  partner_link_keys: PartnerLinkKeysTable;
  partner_daily_signups: PartnerDailySignupsTable;
  consent_records: ConsentRecordsTable;
  consent_retention_runs: ConsentRetentionRunsTable;
  partner_retention_runs: PartnerRetentionRunsTable;
}
