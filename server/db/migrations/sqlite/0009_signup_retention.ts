/** The runs of signup retention (docs/signups.md, "Retention"): one row per finished run, as on PostgreSQL. */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE signup_retention_runs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ran_at TEXT NOT NULL,
      erased_before TEXT NOT NULL,
      signups_erased INTEGER NOT NULL,
      outbox_erased INTEGER NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX signup_retention_runs_ran_at ON signup_retention_runs (ran_at)`.execute(db);
}
