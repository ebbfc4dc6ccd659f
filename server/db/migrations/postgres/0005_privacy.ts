/**
 * Privacy (docs/signups.md, "Privacy"): the suppression list (keyed hashes of inboxes that asked for no
 * more mail), each signup's and outbox row's inbox key so one inbox's rows are found whatever their
 * spelling, and the outbox status `cancelled` for mail that must not go out.
 */
import { type Kysely, sql } from 'kysely';
import { fillInboxKeys } from '../inbox-keys.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE suppressions (
      inbox_hash text PRIMARY KEY,
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT statement_timestamp()
    )
  `.execute(db);
  for (const table of ['signups', 'outbox'] as const) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN inbox_key text`.execute(db);
    await fillInboxKeys(db, table);
    await sql`CREATE INDEX ${sql.id(`${table}_inbox_key`)} ON ${sql.table(table)} (inbox_key)`.execute(db);
  }
  await sql`ALTER TABLE outbox DROP CONSTRAINT outbox_status_check`.execute(db);
  await sql`ALTER TABLE outbox ADD CONSTRAINT outbox_status_check
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'cancelled'))`.execute(db);
}
