/**
 * Each store's recorded orders together (`recorded_kobo`: every order, paid or refunded, inside the
 * window or not), kept by intake so it can refuse a line past the per-store maximum without summing
 * the store's sales (docs/contest.md, "Amount limits").
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contest_standings')
    .addColumn('recorded_kobo', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE contest_standings SET recorded_kobo = COALESCE(
    (SELECT SUM(amount_kobo) FROM sales WHERE sales.store_id = contest_standings.store_id), 0)`.execute(db);
}
