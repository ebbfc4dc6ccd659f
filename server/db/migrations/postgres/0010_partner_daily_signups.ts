/**
 * Partners' pages at scale (docs/partners.md, "At scale"): each partner code's signups per Lagos day,
 * page and campaign, kept by a statement trigger in the inserting transaction (one ordered upsert; a
 * re-signup is an update, not counted again; erasure takes nothing away: the counts name nobody).
 * Backfilled here; the index that served the counts read from signups goes.
 */
import { type Kysely, sql } from 'kysely';
import { lagosDaySql } from '../../lagos-day.js';

/** A partner's signups grouped as the table keeps them, from `rows` (the signups table or the trigger's new rows). */
const grouped = (rows: string) => `
  SELECT partner, day, page, campaign, count(*) AS signups
  FROM (
    SELECT partner,
      -- The Lagos day, as partners:report counts.
      ${lagosDaySql('postgres', 'first_requested_at')} AS day,
      -- The page: host and path, never the query or fragment; '' for none (a key column cannot be NULL).
      split_part(split_part(coalesce(source, ''), '?', 1), '#', 1) AS page,
      coalesce(campaign, '') AS campaign
    FROM ${rows}
    WHERE partner IS NOT NULL
  ) AS signup
  GROUP BY partner, day, page, campaign
  -- One order for every transaction: two servers' upserts take the row locks alike, never crosswise.
  ORDER BY partner, day, page, campaign`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // No signup is written until this commits: each is in the backfill below or goes through the trigger.
  await sql`LOCK TABLE signups IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`
    CREATE TABLE partner_daily_signups (
      partner text NOT NULL,
      day date NOT NULL,
      page text NOT NULL,
      campaign text NOT NULL,
      signups integer NOT NULL,
      PRIMARY KEY (partner, day, page, campaign)
    )
  `.execute(db);
  await sql
    .raw(`
    CREATE FUNCTION count_partner_signups() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO partner_daily_signups AS counted (partner, day, page, campaign, signups)
      ${grouped('inserted')}
      ON CONFLICT (partner, day, page, campaign) DO UPDATE SET signups = counted.signups + excluded.signups;
      RETURN NULL;
    END
    $$`)
    .execute(db);
  // An INSERT trigger's transition table holds only the rows inserted, not those ON CONFLICT updated.
  await sql`
    CREATE TRIGGER signups_partner_days AFTER INSERT ON signups
    REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION count_partner_signups()
  `.execute(db);
  await sql
    .raw(`INSERT INTO partner_daily_signups (partner, day, page, campaign, signups) ${grouped('signups')}`)
    .execute(db);
  // 0008's index served the counts read from signups; nothing reads signups by partner now.
  // IF EXISTS: the backfill test and bench:partners run this migration again.
  await sql`DROP INDEX IF EXISTS signups_partner_time`.execute(db);
}
