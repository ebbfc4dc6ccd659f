/**
 * Cookie answers to part of the question (docs/site.md#cookies-and-consent), as on PostgreSQL: a
 * category not asked (the chat's own question asks only Chat) is NULL, so analytics, marketing and chat
 * become nullable. SQLite drops NOT NULL only by rebuilding the table, in one transaction with its index.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      CREATE TABLE consent_records_new (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        choice_id TEXT NOT NULL,
        version TEXT NOT NULL,
        answer TEXT NOT NULL,
        analytics INTEGER,
        marketing INTEGER,
        chat INTEGER,
        locale TEXT NOT NULL,
        answered_at TEXT NOT NULL,
        recorded_at TEXT NOT NULL
      )
    `.execute(trx);
    await sql`
      INSERT INTO consent_records_new
        (id, choice_id, version, answer, analytics, marketing, chat, locale, answered_at, recorded_at)
      SELECT id, choice_id, version, answer, analytics, marketing, chat, locale, answered_at, recorded_at
      FROM consent_records
    `.execute(trx);
    await sql`DROP TABLE consent_records`.execute(trx);
    await sql`ALTER TABLE consent_records_new RENAME TO consent_records`.execute(trx);
    await sql`CREATE INDEX consent_records_recorded_at ON consent_records (recorded_at)`.execute(trx);
  });
}
