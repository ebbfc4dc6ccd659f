/**
 * Each store's recorded orders together (`recorded_kobo`: every order, paid or refunded, inside the
 * window or not), kept by intake so it can refuse a line past the per-store maximum without summing
 * the store's sales (docs/contest.md, "Amount limits").
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contest_standings ADD COLUMN recorded_kobo bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`UPDATE contest_standings c SET recorded_kobo = s.total
    FROM (SELECT store_id, SUM(amount_kobo) AS total FROM sales GROUP BY store_id) s
    WHERE s.store_id = c.store_id`.execute(db);
}
