/** The record of each answer to the cookie question (server/consent/), as on PostgreSQL. */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE consent_records (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      choice_id TEXT NOT NULL,
      version TEXT NOT NULL,
      answer TEXT NOT NULL,
      analytics INTEGER NOT NULL,
      marketing INTEGER NOT NULL,
      chat INTEGER NOT NULL,
      locale TEXT NOT NULL,
      answered_at TEXT NOT NULL,
      recorded_at TEXT NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX consent_records_recorded_at ON consent_records (recorded_at)`.execute(db);
}
