/**
 * PostgreSQL schema for signups and the e-mail outbox (docs/postgresql.md): identity
 * keys, timestamptz set from the database clock, and the indexes the outbox worker and the 24-hour
 * rule use. Same columns and meaning as the SQLite chain after its 0005.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE signups (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      email_key text NOT NULL,
      first_requested_at timestamptz NOT NULL DEFAULT statement_timestamp(),
      last_requested_at timestamptz NOT NULL DEFAULT statement_timestamp(),
      request_count integer NOT NULL DEFAULT 1,
      source text,
      partner text,
      ip_hash text,
      last_welcome_at timestamptz,
      last_welcome_request integer,
      CONSTRAINT signups_email_key_is_lower CHECK (email_key = lower(email))
    )
  `.execute(db);
  await sql`CREATE UNIQUE INDEX signups_email_key ON signups (email_key)`.execute(db);
  // The export reads oldest first.
  await sql`CREATE INDEX signups_first_requested ON signups (first_requested_at, id)`.execute(db);

  await sql`
    CREATE TABLE outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      kind text NOT NULL,
      recipient text NOT NULL,
      payload text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT statement_timestamp(),
      claimed_at timestamptz,
      claimed_by text,
      lease_until timestamptz,
      sent_at timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT statement_timestamp()
    )
  `.execute(db);
  // Partial indexes: the worker only ever looks for due rows and expired leases, a small slice.
  await sql`CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX outbox_leased ON outbox (lease_until) WHERE status = 'sending'`.execute(db);
}
