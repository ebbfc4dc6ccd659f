/**
 * The contest's rank index support (docs/contest.md): each store's counted revenue, the log of changes
 * every server process follows, and the window the standings were computed for.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per store with a small integer key (the in-memory index is an array indexed by it) and the
  // store's counted revenue (paid sales inside the window), kept by intake.
  await db.schema
    .createTable('contest_standings')
    .addColumn('store_key', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('store_id', 'text', (c) => c.notNull().unique().references('stores.id'))
    .addColumn('revenue_kobo', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // A monotonic log of new counted revenues; every server process polls it and applies the deltas, so a
  // sale accepted by any process shows in every process within seconds. A row without a store key
  // means "reload everything" (written after bulk imports and recomputations).
  await db.schema
    .createTable('contest_changes')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('store_key', 'integer')
    .addColumn('revenue_kobo', 'bigint', (c) => c.notNull())
    .execute();
  // The campaign window the standings were computed for; a process with another window recomputes them.
  await db.schema
    .createTable('contest_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  // Opted-out stores are few; the rank index zeroes them at load without scanning every store.
  await db.schema.createIndex('stores_opted_in').on('stores').column('opted_in').execute();
  await sql`INSERT INTO contest_standings (store_id) SELECT id FROM stores ORDER BY id`.execute(db);
}
