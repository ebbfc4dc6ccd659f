/**
 * Privacy (docs/signups.md, "Privacy"): the suppression list (keyed hashes of inboxes that asked for no
 * more mail) and each signup's and outbox row's inbox key, so one inbox's rows are found whatever their
 * spelling. The outbox status `cancelled` needs no schema change here.
 */
import { type Kysely, sql } from 'kysely';
import { fillInboxKeys } from '../inbox-keys.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('suppressions')
    .addColumn('inbox_hash', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  for (const table of ['signups', 'outbox'] as const) {
    await db.schema.alterTable(table).addColumn('inbox_key', 'text').execute();
    await fillInboxKeys(db, table);
    await sql`CREATE INDEX ${sql.id(`${table}_inbox_key`)} ON ${sql.table(table)} (inbox_key)`.execute(db);
  }
}
