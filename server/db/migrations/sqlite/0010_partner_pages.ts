/**
 * Partners' own pages (docs/partners.md): as on PostgreSQL, the campaign, link key versions and the
 * covering index (SQLite has no INCLUDE: page and campaign are its last columns).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('signups').addColumn('campaign', 'text').execute();
  await sql`CREATE INDEX signups_partner_time ON signups (partner, first_requested_at, source, campaign) WHERE partner IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE partner_link_keys (
      partner TEXT PRIMARY KEY,
      key_version INTEGER NOT NULL,
      revoked_at TEXT NOT NULL
    )
  `.execute(db);
}
