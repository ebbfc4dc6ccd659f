/**
 * Merges signups whose addresses differ only in letter case into the earliest one: earliest first
 * request, latest last request, counts added, and the first non-empty source and partner code (in
 * first-request order). Plain SQL that SQLite and PostgreSQL both run. Addresses are ASCII (the
 * WHATWG e-mail grammar), so lower() agrees with JavaScript's toLowerCase().
 */
import { type Kysely, sql } from 'kysely';

export async function mergeCaseVariants(db: Kysely<unknown>): Promise<void> {
  const earliestFirst = sql.raw('ORDER BY v.first_requested_at, v.id');
  const variants = sql.raw('FROM signups v WHERE lower(v.email) = lower(signups.email)');
  await sql`
    UPDATE signups SET
      first_requested_at = (SELECT min(v.first_requested_at) ${variants}),
      last_requested_at = (SELECT max(v.last_requested_at) ${variants}),
      request_count = (SELECT sum(v.request_count) ${variants}),
      source = (SELECT v.source ${variants} AND v.source IS NOT NULL ${earliestFirst} LIMIT 1),
      partner = (SELECT v.partner ${variants} AND v.partner IS NOT NULL ${earliestFirst} LIMIT 1)
    WHERE id = (SELECT v.id ${variants} ${earliestFirst} LIMIT 1)
      AND (SELECT count(*) ${variants}) > 1
  `.execute(db);
  await sql`
    DELETE FROM signups
    WHERE id <> (SELECT v.id ${variants} ${earliestFirst} LIMIT 1)
  `.execute(db);
}
