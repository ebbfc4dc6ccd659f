/**
 * A "reload" row of the contest change log (store_key NULL) now says what to reload: 'revenues' after
 * a bulk sales import (the store directory stays as it is) or 'everything' after a bulk stores import or
 * a recomputation. Rows written before this say nothing and mean everything.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contest_changes').addColumn('reload', 'text').execute();
}
