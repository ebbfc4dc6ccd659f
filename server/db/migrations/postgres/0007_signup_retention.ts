/**
 * The runs of signup retention (docs/signups.md, "Retention"): one row per finished run, so of several
 * servers the one that takes the advisory lock knows whether today's run is done. No index on
 * signups.last_requested_at: a daily scan is cheap, and an index would cost every repeated signup its
 * in-place (HOT) update.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE signup_retention_runs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      ran_at timestamptz NOT NULL DEFAULT statement_timestamp(),
      erased_before timestamptz NOT NULL,
      signups_erased integer NOT NULL,
      outbox_erased integer NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX signup_retention_runs_ran_at ON signup_retention_runs (ran_at)`.execute(db);
}
