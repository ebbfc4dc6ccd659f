/**
 * Signups, one per inbox (docs/signups.md): case variants of an address merged into one row with a
 * unique `email_key`, `ref` renamed `partner`, the 24-hour welcome rule in one upsert, and outbox
 * leases. Each step is commented below.
 */
import { type Kysely, sql } from 'kysely';
import { mergeCaseVariants } from './merge-case-variants.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The partner code column is renamed from `ref` to `partner`.
  await db.schema.alterTable('signups').renameColumn('ref', 'partner').execute();
  // Rows whose addresses differ only in letter case are merged: the earliest-typed address, the
  // earliest first request, the latest last request, the counts added, the first source and partner.
  await mergeCaseVariants(db);
  // `email_key` (the address lower-cased) is unique, so new case variants join the same row.
  await db.schema.alterTable('signups').addColumn('email_key', 'text').execute();
  await sql`UPDATE signups SET email_key = lower(email)`.execute(db);
  await db.schema.createIndex('signups_email_key').on('signups').column('email_key').unique().execute();
  // `last_welcome_at`/`last_welcome_request` let one upsert decide the 24-hour rule.
  await db.schema.alterTable('signups').addColumn('last_welcome_at', 'text').execute();
  await db.schema.alterTable('signups').addColumn('last_welcome_request', 'integer').execute();
  await sql`
    UPDATE signups SET
      last_welcome_at = (
        SELECT max(created_at) FROM outbox WHERE kind = 'welcome' AND lower(recipient) = signups.email_key
      ),
      last_welcome_request = request_count
  `.execute(db);
  // Outbox rows get a lease (`claimed_by`, `lease_until`) so a crashed worker's rows are taken over.
  await db.schema.alterTable('outbox').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('lease_until', 'text').execute();
}
