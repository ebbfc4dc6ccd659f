/**
 * The record of each answer to the cookie question (s.26(1) NDPA: we can show consent was given;
 * docs/site.md#cookies-and-consent): the answer as the browser keeps it, never an IP address or an
 * e-mail, kept CONSENT_KEPT_DAYS by a daily job of its own (./retention.ts). Transport-free: HTTP and
 * the CLI use this.
 */
import { sql } from 'kysely';
import { consentVersion, type ThirdPartyIds } from '../../common/consent-version.js';
import { isLocale } from '../../common/i18n.js';
import { dbClock } from '../db/clock.js';
import type { OpenedDatabase } from '../db/database.js';
import { lagosDaySql } from '../db/lagos-day.js';
import type { ConsentRecordsTable } from '../db/schema.js';

/** The biggest answer the site sends is about 130 bytes; anything much larger is not one. */
export const CONSENT_MAX_BYTES = 512;
/** 12 months of validity plus a year (docs/site.md#cookies-and-consent). */
export const CONSENT_KEPT_DAYS = 2 * 365;
/** The browser's clock may be wrong, but not by more than this. */
const CLOCK_SKEW_MS = 2 * 86_400_000;
const DAY_MS = 86_400_000;
/** Answers deleted per statement: each delete short, under the database's statement and lock bounds. */
const ERASE_BATCH = 1000;

/** A category's answer: true accepted, false refused, undefined not asked. */
export type ConsentAnswer = {
  id: string;
  v: string;
  analytics?: boolean;
  marketing?: boolean;
  chat?: boolean;
  lang: string;
  at: number;
};

export type ConsentKind = ConsentRecordsTable['answer'];

/** A body that is not an answer: the HTTP layer's 400, with this message. */
export class ConsentRejected extends Error {}

const CATEGORIES = ['analytics', 'marketing', 'chat'] as const;

/** The answer in `body` (parsed JSON), or ConsentRejected saying what is wrong. */
export function parseConsentAnswer(body: unknown, now = Date.now()): ConsentAnswer {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ConsentRejected('Send a JSON object.');
  const answer = body as Record<string, unknown>;
  // The id is four random 32-bit numbers joined by dashes (site/client/consent.ts).
  if (typeof answer.id !== 'string' || !/^\d{1,10}(-\d{1,10}){3}$/.test(answer.id))
    throw new ConsentRejected("id must be the answer's random id.");
  if (typeof answer.v !== 'string' || !/^[0-9a-z]{1,13}$/.test(answer.v))
    throw new ConsentRejected('v must be the consent version.');
  for (const category of CATEGORIES)
    if (category in answer && typeof answer[category] !== 'boolean')
      throw new ConsentRejected(`${category} must be true or false.`);
  if (!CATEGORIES.some((category) => category in answer))
    throw new ConsentRejected('An answer has at least one of analytics, marketing and chat.');
  if (!isLocale(answer.lang)) throw new ConsentRejected("lang must be one of the site's languages.");
  if (typeof answer.at !== 'number' || !Number.isInteger(answer.at) || Math.abs(answer.at - now) > CLOCK_SKEW_MS)
    throw new ConsentRejected('at must be the time of the answer in milliseconds.');
  const parsed: ConsentAnswer = { id: answer.id, v: answer.v, lang: answer.lang, at: answer.at };
  for (const category of CATEGORIES) if (category in answer) parsed[category] = answer[category] as boolean;
  return parsed;
}

/**
 * Why an answer is not one to the question this site asks now, or undefined when it is: with no third
 * party configured the pages ask nothing; otherwise `v` must be the version the pages render
 * (common/consent-version.ts, of the same IDs).
 */
export function versionRefusal(answer: Pick<ConsentAnswer, 'v'>, ids: ThirdPartyIds): string | undefined {
  if (!ids.gaId && !ids.pixelId && !ids.chatId) return 'This site asks no cookie question.';
  if (answer.v !== consentVersion(ids)) return 'v is not the version this site asks about; ask again.';
  return undefined;
}

/**
 * 'chat' when only Chat was asked (the chat's own question); otherwise, of the categories asked, all
 * accepted, all refused, or a custom set.
 */
export function answerKind(answer: Pick<ConsentAnswer, 'analytics' | 'marketing' | 'chat'>): ConsentKind {
  const asked = CATEGORIES.filter((category) => answer[category] !== undefined);
  if (asked.length === 1 && asked[0] === 'chat') return 'chat';
  const accepted = asked.filter((category) => answer[category]).length;
  return accepted === asked.length ? 'all' : accepted === 0 ? 'none' : 'custom';
}

/** 1 accepted, 0 refused, NULL not asked (the chat's own question asks only Chat). */
const stored = (value: boolean | undefined) => (value === undefined ? null : Number(value));

/**
 * Stores one answer as the browser keeps it (the random id, the categories asked, the version, the page's
 * language, the time) and nothing of who sent it: no IP address, no e-mail. `recordedAt` pins the
 * server's time (tests).
 */
export async function recordConsent(opened: OpenedDatabase, answer: ConsentAnswer, recordedAt?: string): Promise<void> {
  await opened.db
    .insertInto('consent_records')
    .values({
      choice_id: answer.id,
      version: answer.v,
      answer: answerKind(answer),
      analytics: stored(answer.analytics),
      marketing: stored(answer.marketing),
      chat: stored(answer.chat),
      locale: answer.lang,
      answered_at: new Date(answer.at).toISOString(),
      recorded_at: dbClock(opened.backend).now(recordedAt),
    })
    .execute();
}

export type ConsentDay = { day: string; all: number; none: number; custom: number; chat: number };

/**
 * People who answered, per day (Lagos time, UTC+1 without DST, of recorded_at), oldest first, recorded
 * at or after `since`: each choice id once a day, counted under its latest answer of that day (by the
 * browser's time, then ours).
 */
export async function consentDays(opened: OpenedDatabase, since?: string): Promise<ConsentDay[]> {
  const lagos = lagosDaySql(opened.backend, 'recorded_at');
  const day = sql<string>`${sql.raw(opened.backend === 'postgres' ? `to_char(${lagos}, 'YYYY-MM-DD')` : lagos)}`;
  let answers = opened.db
    .selectFrom('consent_records')
    .select([
      day.as('day'),
      'answer',
      sql<number>`row_number() OVER (PARTITION BY ${day}, choice_id ORDER BY answered_at DESC, recorded_at DESC, id DESC)`.as(
        'nth_latest',
      ),
    ]);
  if (since) answers = answers.where('recorded_at', '>=', since);
  const count = (kind: ConsentKind) => sql<string>`sum(CASE WHEN answer = ${kind} THEN 1 ELSE 0 END)`;
  const rows = await opened.db
    .selectFrom(answers.as('answers'))
    .select([
      'day',
      count('all').as('all'),
      count('none').as('none'),
      count('custom').as('custom'),
      count('chat').as('chat'),
    ])
    .where('nth_latest', '=', 1)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    all: Number(row.all),
    none: Number(row.none),
    custom: Number(row.custom),
    chat: Number(row.chat),
  }));
}

export type ConsentErasure = {
  /** Answers recorded before this time were deleted. */
  erasedBefore: string;
  erased: number;
  /** Stopped between batches (`shouldStop`): older answers may remain for the next run. */
  interrupted: boolean;
};

/**
 * Deletes the answers recorded more than CONSENT_KEPT_DAYS before `at` (default now, by the database's
 * clock), ERASE_BATCH per statement; `shouldStop` is asked between batches (a shutdown).
 */
export async function eraseExpiredConsent(
  opened: OpenedDatabase,
  at?: string,
  shouldStop?: () => boolean,
): Promise<ConsentErasure> {
  const { db } = opened;
  const cutoff = dbClock(opened.backend).offset(-CONSENT_KEPT_DAYS * DAY_MS, at);
  const { rows } = await sql<{ cutoff: string }>`SELECT ${cutoff} AS cutoff`.execute(db);
  const erasedBefore = rows[0]!.cutoff;
  let erased = 0;
  for (;;) {
    if (shouldStop?.()) return { erasedBefore, erased, interrupted: true };
    const result = await db
      .deleteFrom('consent_records')
      .where('id', 'in', (eb) =>
        eb.selectFrom('consent_records').select('id').where('recorded_at', '<', erasedBefore).limit(ERASE_BATCH),
      )
      .executeTakeFirst();
    const batch = Number(result.numDeletedRows);
    erased += batch;
    if (batch < ERASE_BATCH) return { erasedBefore, erased, interrupted: false };
  }
}
