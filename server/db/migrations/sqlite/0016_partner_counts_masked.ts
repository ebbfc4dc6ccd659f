/**
 * No personal data in partners' counts (docs/partners.md, "At scale"): as on PostgreSQL, the daily
 * counts' trigger masks pages and campaigns with the request log's rule (masked_personal(), registered on
 * every connection from server/personal-segments.ts) before counting, and the rows counted so far are
 * masked here, merged where masking makes two keys one. One transaction.
 */
import { type Kysely, sql } from 'kysely';
import { MASK_FUNCTION } from '../../../personal-segments.js';
import { lagosDaySql } from '../../lagos-day.js';

/** The text before the first `mark` in `text` (all of it when there is none). */
const before = (text: string, mark: string) =>
  `CASE WHEN instr(${text}, '${mark}') > 0 THEN substr(${text}, 1, instr(${text}, '${mark}') - 1) ELSE ${text} END`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DROP TRIGGER signups_partner_days`.execute(trx);
    await sql
      .raw(`
      CREATE TRIGGER signups_partner_days AFTER INSERT ON signups WHEN NEW.partner IS NOT NULL
      BEGIN
        INSERT INTO partner_daily_signups (partner, day, page, campaign, signups)
        VALUES (
          NEW.partner,
          ${lagosDaySql('sqlite', 'NEW.first_requested_at')},
          ${MASK_FUNCTION}(${before(before(`coalesce(NEW.source, '')`, '?'), '#')}),
          ${MASK_FUNCTION}(coalesce(NEW.campaign, '')),
          1
        )
        ON CONFLICT (partner, day, page, campaign) DO UPDATE SET signups = signups + 1;
      END`)
      .execute(trx);
    const changed = `${MASK_FUNCTION}(page) <> page OR ${MASK_FUNCTION}(campaign) <> campaign`;
    await sql
      .raw(`
      CREATE TEMPORARY TABLE masked_counts AS
        SELECT partner, day, ${MASK_FUNCTION}(page) AS page, ${MASK_FUNCTION}(campaign) AS campaign, signups
        FROM partner_daily_signups WHERE ${changed}`)
      .execute(trx);
    await sql.raw(`DELETE FROM partner_daily_signups WHERE ${changed}`).execute(trx);
    // WHERE true: SQLite reads ON CONFLICT after a bare SELECT … GROUP BY as part of the SELECT otherwise.
    await sql
      .raw(`
      INSERT INTO partner_daily_signups (partner, day, page, campaign, signups)
        SELECT partner, day, page, campaign, sum(signups) FROM masked_counts WHERE true
        GROUP BY partner, day, page, campaign
      ON CONFLICT (partner, day, page, campaign) DO UPDATE SET signups = partner_daily_signups.signups + excluded.signups`)
      .execute(trx);
    await sql`DROP TABLE masked_counts`.execute(trx);
  });
}
