/** The language each signup asked in (docs/languages.md), so its welcome mail is in it; null before. */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE signups ADD COLUMN locale text`.execute(db);
}
