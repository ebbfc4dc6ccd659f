/**
 * The record of each answer to the cookie question (s.26(1) NDPA: we can show consent was given;
 * docs/site.md#cookies-and-consent). The site sends the answer as the browser keeps it (the random id,
 * the categories, the version, the page's language, the time): no IP address, no e-mail is stored.
 * Kept while the answer is valid (12 months) plus a year. Transport-free: HTTP and the CLI use this.
 */
import { sql } from 'kysely';
import { isLocale } from '../../common/i18n.js';
import { dbClock } from '../db/clock.js';
import type { OpenedDatabase } from '../db/database.js';

/** The biggest answer the site sends is about 130 bytes; anything much larger is not one. */
export const CONSENT_MAX_BYTES = 512;
/** 12 months of validity plus a year (docs/site.md#cookies-and-consent). */
export const CONSENT_KEPT_DAYS = 2 * 365;
/** The browser's clock may be wrong, but not by more than this. */
const CLOCK_SKEW_MS = 2 * 86_400_000;
const DAY_MS = 86_400_000;

export type ConsentAnswer = {
  id: string;
  v: string;
  analytics: boolean;
  marketing: boolean;
  chat: boolean;
  lang: string;
  at: number;
};

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
    if (typeof answer[category] !== 'boolean') throw new ConsentRejected(`${category} must be true or false.`);
  if (!isLocale(answer.lang)) throw new ConsentRejected("lang must be one of the site's languages.");
  if (typeof answer.at !== 'number' || !Number.isInteger(answer.at) || Math.abs(answer.at - now) > CLOCK_SKEW_MS)
    throw new ConsentRejected('at must be the time of the answer in milliseconds.');
  return {
    id: answer.id,
    v: answer.v,
    analytics: answer.analytics as boolean,
    marketing: answer.marketing as boolean,
    chat: answer.chat as boolean,
    lang: answer.lang,
    at: answer.at,
  };
}

/** Accepted all, rejected all, or a custom set. */
export function answerKind(answer: Pick<ConsentAnswer, 'analytics' | 'marketing' | 'chat'>): 'all' | 'none' | 'custom' {
  const accepted = CATEGORIES.filter((category) => answer[category]).length;
  return accepted === CATEGORIES.length ? 'all' : accepted === 0 ? 'none' : 'custom';
}

/** Stores one answer; `recordedAt` pins the server's time (tests). */
export async function recordConsent(opened: OpenedDatabase, answer: ConsentAnswer, recordedAt?: string): Promise<void> {
  await opened.db
    .insertInto('consent_records')
    .values({
      choice_id: answer.id,
      version: answer.v,
      answer: answerKind(answer),
      analytics: Number(answer.analytics),
      marketing: Number(answer.marketing),
      chat: Number(answer.chat),
      locale: answer.lang,
      answered_at: new Date(answer.at).toISOString(),
      recorded_at: dbClock(opened.backend).now(recordedAt),
    })
    .execute();
}

export type ConsentDay = { day: string; all: number; none: number; custom: number };

/** Answers per day (Lagos time, UTC+1 without DST), oldest first, recorded at or after `since`. */
export async function consentDays(opened: OpenedDatabase, since?: string): Promise<ConsentDay[]> {
  const day =
    opened.backend === 'postgres'
      ? sql<string>`to_char(recorded_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM-DD')`
      : sql<string>`date(recorded_at, '+1 hours')`;
  const count = (kind: string) => sql<string>`sum(CASE WHEN answer = ${kind} THEN 1 ELSE 0 END)`;
  let query = opened.db
    .selectFrom('consent_records')
    .select([day.as('day'), count('all').as('all'), count('none').as('none'), count('custom').as('custom')]);
  if (since) query = query.where('recorded_at', '>=', since);
  const rows = await query.groupBy(day).orderBy(day).execute();
  return rows.map((row) => ({
    day: row.day,
    all: Number(row.all),
    none: Number(row.none),
    custom: Number(row.custom),
  }));
}

/** Deletes the answers recorded more than CONSENT_KEPT_DAYS ago; how many. */
export async function eraseExpiredConsent(opened: OpenedDatabase, at?: string): Promise<number> {
  const result = await opened.db
    .deleteFrom('consent_records')
    .where('recorded_at', '<', dbClock(opened.backend).offset(-CONSENT_KEPT_DAYS * DAY_MS, at))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
