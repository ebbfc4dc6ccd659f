/**
 * Storage for signups and their welcome e-mails (the rules live in server/signups/signups.ts). One Kysely
 * implementation serves SQLite and PostgreSQL: the SQL is the same but for the clock (db/clock.ts).
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { emailKey, inboxKey } from '../../common/email.js';
import { dbClock } from '../db/clock.js';
import type { Db, OpenedDatabase } from '../db/database.js';

export type SignupRecord = {
  /** As typed (domain lower-cased): kept for display and sending. */
  email: string;
  source: string | null;
  partner: string | null;
  campaign?: string | null;
  /** One of common/i18n.ts LOCALES: the welcome mail's language. */
  locale: string;
  ipHash: string | null;
  /** Pinned request time (tests); null: the database clock. */
  at: string | null;
};

export type SignupStore = {
  /**
   * Writes the batch in one transaction (one commit acknowledges all of them) and answers, per
   * signup, whether it queued a welcome e-mail: at most one per inbox per `resendAfterMs`.
   */
  record(batch: SignupRecord[], resendAfterMs: number): Promise<boolean[]>;
};

export type SignupExportRow = {
  email: string;
  first_requested_at: string;
  last_requested_at: string;
  request_count: number;
  source: string | null;
  partner: string | null;
};

export type SignupStoreOptions = {
  /**
   * The suppression list's key of an address (server/privacy/links.ts): a signup for an inbox on the list
   * is answered like any other but neither stored nor mailed. Without it the list is not read (tests).
   */
  inboxHash?: (email: string) => string;
};

export function createSignupStore(
  opened: Pick<OpenedDatabase, 'backend' | 'db'>,
  options: SignupStoreOptions = {},
): SignupStore {
  const clock = dbClock(opened.backend);

  /** The signups of the round whose inbox is on the suppression list (one query per round). */
  async function suppressedOf(trx: Db, round: SignupRecord[]): Promise<Set<SignupRecord>> {
    const hashOf = options.inboxHash;
    if (!hashOf) return new Set();
    const hashes = round.map((signup) => hashOf(signup.email));
    const listed = await trx
      .selectFrom('suppressions')
      .select('inbox_hash')
      .where('inbox_hash', 'in', hashes)
      .execute();
    const found = new Set(listed.map((row) => row.inbox_hash));
    return new Set(round.filter((_, i) => found.has(hashes[i]!)));
  }

  /**
   * One statement for the whole round decides the 24-hour rule: a welcome is due when the last one is
   * older than the window before this request. A round holds each inbox at most once (an upsert may
   * not touch a row twice), so a batch with repeats takes one round per repeat.
   */
  async function writeRound(trx: Db, all: SignupRecord[], resendAfterMs: number): Promise<Map<string, boolean>> {
    const suppressed = await suppressedOf(trx, all);
    const round = all.filter((signup) => !suppressed.has(signup));
    if (round.length === 0) return new Map();
    const bySignupKey = new Map(round.map((signup) => [emailKey(signup.email), signup]));
    const due = sql<boolean>`(signups.last_welcome_at IS NULL OR signups.last_welcome_at <= ${clock.shift(sql`excluded.last_requested_at`, -resendAfterMs)})`;
    const rows = await trx
      .insertInto('signups')
      .values(
        round.map((signup) => {
          const now = clock.now(signup.at);
          return {
            email: signup.email,
            email_key: emailKey(signup.email),
            inbox_key: inboxKey(signup.email),
            first_requested_at: now,
            last_requested_at: now,
            request_count: 1,
            source: signup.source,
            partner: signup.partner,
            campaign: signup.campaign ?? null,
            locale: signup.locale,
            ip_hash: signup.ipHash,
            last_welcome_at: now,
            last_welcome_request: 1,
          };
        }),
      )
      .onConflict((conflict) =>
        conflict.column('email_key').doUpdateSet((eb) => ({
          last_requested_at: eb.ref('excluded.last_requested_at'),
          request_count: eb('signups.request_count', '+', 1),
          // The latest request's language: the one a welcome queued now is written in.
          locale: eb.ref('excluded.locale'),
          last_welcome_at: sql`CASE WHEN ${due} THEN excluded.last_welcome_at ELSE signups.last_welcome_at END`,
          last_welcome_request: sql`CASE WHEN ${due} THEN signups.request_count + 1 ELSE signups.last_welcome_request END`,
        })),
      )
      .returning(['email', 'email_key', 'request_count', 'last_welcome_request', 'last_welcome_at', 'locale'])
      .execute();
    const welcomes = rows.filter((row) => row.last_welcome_request === row.request_count && row.last_welcome_at);
    if (welcomes.length) {
      await trx
        .insertInto('outbox')
        .values(
          welcomes.map((row) => ({
            // Random, file-name safe and unique: the delivery worker uses it as Message-ID and .eml name.
            idempotency_key: crypto.randomUUID(),
            kind: 'welcome',
            // The address as first typed, whatever the case of this request.
            recipient: row.email,
            inbox_key: inboxKey(row.email),
            // What the welcome mail says about why it came (where and when the address was entered),
            // in the language of the latest request.
            payload: JSON.stringify({
              email: row.email,
              locale: row.locale,
              source: bySignupKey.get(row.email_key)?.source ?? null,
              partner: bySignupKey.get(row.email_key)?.partner ?? null,
              requestedAt: row.last_welcome_at,
            }),
            status: 'pending' as const,
            attempts: 0,
            next_attempt_at: row.last_welcome_at!,
            created_at: row.last_welcome_at!,
          })),
        )
        .execute();
    }
    return new Map(rows.map((row) => [row.email_key, welcomes.includes(row)]));
  }

  return {
    record(batch, resendAfterMs) {
      const rounds: SignupRecord[][] = [];
      const repeats = new Map<string, number>();
      for (const signup of batch) {
        const key = emailKey(signup.email);
        const round = repeats.get(key) ?? 0;
        repeats.set(key, round + 1);
        const bucket = rounds[round] ?? [];
        bucket.push(signup);
        rounds[round] = bucket;
      }
      return opened.db.transaction().execute(async (trx) => {
        const queued = new Map<SignupRecord, boolean>();
        for (const round of rounds) {
          const byKey = await writeRound(trx, round, resendAfterMs);
          for (const signup of round) queued.set(signup, byKey.get(emailKey(signup.email)) ?? false);
        }
        return batch.map((signup) => queued.get(signup) ?? false);
      });
    },
  };
}

/** Every signup, oldest first, streamed (a cursor on PostgreSQL, iterate() on SQLite): small in memory. */
export function streamSignups(db: Db): AsyncIterable<SignupExportRow> {
  return db
    .selectFrom('signups')
    .select(['email', 'first_requested_at', 'last_requested_at', 'request_count', 'source', 'partner'])
    .orderBy('first_requested_at')
    .orderBy('id')
    .stream(500);
}

/** Signups written as they are, with no welcome e-mail: the demo data's, which nobody should receive. */
export async function insertSignupsWithoutWelcome(
  db: Db,
  signups: { email: string; at: string; source: string | null; partner: string | null; campaign?: string | null }[],
): Promise<void> {
  if (!signups.length) return;
  await db
    .insertInto('signups')
    .values(
      signups.map((signup) => ({
        email: signup.email,
        email_key: emailKey(signup.email),
        first_requested_at: signup.at,
        last_requested_at: signup.at,
        request_count: 1,
        source: signup.source,
        partner: signup.partner,
        campaign: signup.campaign ?? null,
        ip_hash: null,
        last_welcome_at: null,
        last_welcome_request: null,
      })),
    )
    .onConflict((conflict) => conflict.column('email_key').doNothing())
    .execute();
}
