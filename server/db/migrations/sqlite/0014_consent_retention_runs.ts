/**
 * The runs of the consent records' own retention (server/consent/retention.ts): one row per finished
 * run, as on PostgreSQL.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE consent_retention_runs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ran_at TEXT NOT NULL,
      erased_before TEXT NOT NULL,
      records_erased INTEGER NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX consent_retention_runs_ran_at ON consent_retention_runs (ran_at)`.execute(db);
}
