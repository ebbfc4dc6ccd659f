/**
 * No personal data in partners' counts (docs/partners.md, "At scale"): the daily counts' trigger masks a
 * page's path segments and a campaign that hold an e-mail address or a long number, with the request
 * log's rule (server/personal-segments.ts), before counting. The rows counted so far are masked here too,
 * merged where masking makes two keys one; signups wait (their trigger changes in this transaction).
 */
import { type Kysely, sql } from 'kysely';
import { MASK_FUNCTION, MASKED } from '../../../personal-segments.js';
import { lagosDaySql } from '../../lagos-day.js';

/**
 * The rule as this migration installs it, written out: a migration means the same on every database it
 * runs on. personal-segments.test.ts holds the live rule to the newest migration's.
 */
export const PERSONAL_SEGMENT_AS_MIGRATED = '[^/\\s]*(@|%40|[0-9]{7,})[^/\\s]*';

export async function up(db: Kysely<unknown>): Promise<void> {
  // No signup is counted by the old trigger once the rows are masked below.
  await sql`LOCK TABLE signups IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql
    .raw(`
    CREATE FUNCTION ${MASK_FUNCTION}(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT regexp_replace($1, '${PERSONAL_SEGMENT_AS_MIGRATED}', '${MASKED}', 'gi')
    $$`)
    .execute(db);
  await sql
    .raw(`
    CREATE OR REPLACE FUNCTION count_partner_signups() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO partner_daily_signups AS counted (partner, day, page, campaign, signups)
      SELECT partner, day, page, campaign, count(*) AS signups
      FROM (
        SELECT partner,
          ${lagosDaySql('postgres', 'first_requested_at')} AS day,
          -- Host and path, never the query or fragment, masked; '' for none (a key column cannot be NULL).
          ${MASK_FUNCTION}(split_part(split_part(coalesce(source, ''), '?', 1), '#', 1)) AS page,
          ${MASK_FUNCTION}(coalesce(campaign, '')) AS campaign
        FROM inserted
        WHERE partner IS NOT NULL
      ) AS signup
      GROUP BY partner, day, page, campaign
      -- One order for every transaction: two servers' upserts take the row locks alike, never crosswise.
      ORDER BY partner, day, page, campaign
      ON CONFLICT (partner, day, page, campaign) DO UPDATE SET signups = counted.signups + excluded.signups;
      RETURN NULL;
    END
    $$`)
    .execute(db);
  const changed = `${MASK_FUNCTION}(page) <> page OR ${MASK_FUNCTION}(campaign) <> campaign`;
  await sql
    .raw(`
    CREATE TEMPORARY TABLE masked_counts ON COMMIT DROP AS
      SELECT partner, day, ${MASK_FUNCTION}(page) AS page, ${MASK_FUNCTION}(campaign) AS campaign, signups
      FROM partner_daily_signups WHERE ${changed}`)
    .execute(db);
  await sql.raw(`DELETE FROM partner_daily_signups WHERE ${changed}`).execute(db);
  await sql
    .raw(`
    INSERT INTO partner_daily_signups AS counted (partner, day, page, campaign, signups)
      SELECT partner, day, page, campaign, sum(signups) FROM masked_counts
      GROUP BY partner, day, page, campaign ORDER BY partner, day, page, campaign
    ON CONFLICT (partner, day, page, campaign) DO UPDATE SET signups = counted.signups + excluded.signups`)
    .execute(db);
}
