/** The language each signup asked in (docs/languages.md), so its welcome mail is in it; null before. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('signups').addColumn('locale', 'text').execute();
}
