/**
 * The record of each answer to the cookie question (server/consent/, docs/site.md#cookies-and-consent):
 * no IP address, no e-mail. recorded_at is indexed for the report's range and the retention delete.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE consent_records (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      choice_id text NOT NULL,
      version text NOT NULL,
      answer text NOT NULL,
      analytics smallint NOT NULL,
      marketing smallint NOT NULL,
      chat smallint NOT NULL,
      locale text NOT NULL,
      answered_at timestamptz NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT statement_timestamp()
    )
  `.execute(db);
  await sql`CREATE INDEX consent_records_recorded_at ON consent_records (recorded_at)`.execute(db);
}
