/**
 * The runs of the partner programme's retention (server/partners/retention.ts): one row per finished
 * run, as on PostgreSQL.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE partner_retention_runs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ran_at TEXT NOT NULL,
      erased_before TEXT NOT NULL,
      partners_erased INTEGER NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX partner_retention_runs_ran_at ON partner_retention_runs (ran_at)`.execute(db);
}
