/**
 * The runs of the partner programme's retention (server/partners/retention.ts): one row per finished
 * run, so of several servers the one that takes the advisory lock knows whether today's run is done.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE partner_retention_runs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      ran_at timestamptz NOT NULL DEFAULT statement_timestamp(),
      erased_before timestamptz NOT NULL,
      partners_erased integer NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX partner_retention_runs_ran_at ON partner_retention_runs (ran_at)`.execute(db);
}
