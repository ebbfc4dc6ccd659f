/**
 * Cookie answers to part of the question (docs/site.md#cookies-and-consent): a category not asked (the
 * chat's own question asks only Chat) is NULL, so analytics, marketing and chat become nullable (a
 * catalog change, no rewrite).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE consent_records
      ALTER COLUMN analytics DROP NOT NULL,
      ALTER COLUMN marketing DROP NOT NULL,
      ALTER COLUMN chat DROP NOT NULL
  `.execute(db);
}
