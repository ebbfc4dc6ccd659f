/**
 * The partner programme (docs/partners.md, "Joining"): one row per reserved code, its owner's address
 * (as typed, and its inbox key for privacy requests and lost links), website, language and when it was
 * asked for, confirmed and disabled. The primary key decides between two servers racing for a code.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE partners (
      code text PRIMARY KEY,
      email text NOT NULL,
      inbox_key text NOT NULL,
      website text NOT NULL,
      locale text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT statement_timestamp(),
      confirmed_at timestamptz,
      disabled_at timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX partners_inbox ON partners (inbox_key)`.execute(db);
}
