/**
 * The partner programme (docs/partners.md, "Joining"): one row per reserved code, its owner's address
 * (as typed, and its inbox key), website, language and when it was asked for, confirmed and disabled,
 * as on PostgreSQL; times as ISO text.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE partners (
      code TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      inbox_key TEXT NOT NULL,
      website TEXT NOT NULL,
      locale TEXT NOT NULL,
      created_at TEXT NOT NULL,
      confirmed_at TEXT,
      disabled_at TEXT
    )
  `.execute(db);
  await sql`CREATE INDEX partners_inbox ON partners (inbox_key)`.execute(db);
}
