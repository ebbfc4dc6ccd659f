/**
 * Partners' pages at scale (docs/partners.md, "At scale"): as on PostgreSQL, signups per partner, Lagos
 * day, page and campaign, kept by a row trigger (a re-signup is an upsert's update: not counted again;
 * erasure takes nothing away). Backfilled here in the same transaction; the old partner index goes.
 */
import { type Kysely, sql } from 'kysely';
import { lagosDaySql } from '../../lagos-day.js';

/** The text before the first `mark` in `text` (all of it when there is none). */
const before = (text: string, mark: string) =>
  `CASE WHEN instr(${text}, '${mark}') > 0 THEN substr(${text}, 1, instr(${text}, '${mark}') - 1) ELSE ${text} END`;

/** The key columns of a signup (`row`: a table alias or NEW), in the table's order. */
const keyOf = (row: string) => [
  `${row}.partner`,
  // The Lagos day, as partners:report counts.
  lagosDaySql('sqlite', `${row}.first_requested_at`),
  // The page: host and path, never the query or fragment; '' for none (kept apart from NULL in a key).
  before(before(`coalesce(${row}.source, '')`, '?'), '#'),
  `coalesce(${row}.campaign, '')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      CREATE TABLE partner_daily_signups (
        partner TEXT NOT NULL,
        day TEXT NOT NULL,
        page TEXT NOT NULL,
        campaign TEXT NOT NULL,
        signups INTEGER NOT NULL,
        PRIMARY KEY (partner, day, page, campaign)
      ) WITHOUT ROWID
    `.execute(trx);
    // AFTER INSERT fires for rows inserted; an upsert's DO UPDATE (a re-signup) fires UPDATE triggers only.
    await sql
      .raw(`
      CREATE TRIGGER signups_partner_days AFTER INSERT ON signups WHEN NEW.partner IS NOT NULL
      BEGIN
        INSERT INTO partner_daily_signups (partner, day, page, campaign, signups)
        VALUES (${keyOf('NEW').join(', ')}, 1)
        ON CONFLICT (partner, day, page, campaign) DO UPDATE SET signups = signups + 1;
      END`)
      .execute(trx);
    await sql
      .raw(`
      INSERT INTO partner_daily_signups (partner, day, page, campaign, signups)
      SELECT partner, day, page, campaign, count(*) FROM (
        SELECT ${keyOf('s')
          .map((column, i) => `${column} AS ${['partner', 'day', 'page', 'campaign'][i]}`)
          .join(', ')}
        FROM signups AS s WHERE s.partner IS NOT NULL
      )
      GROUP BY partner, day, page, campaign`)
      .execute(trx);
    // 0010's index served the counts read from signups; nothing reads signups by partner now.
    // IF EXISTS: the backfill test and bench:partners run this migration again.
    await sql`DROP INDEX IF EXISTS signups_partner_time`.execute(trx);
  });
}
