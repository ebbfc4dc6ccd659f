/**
 * Partners' own pages (docs/partners.md): the campaign a signup came with, the key version of each
 * partner code's links (a revoke moves it on, voiding every link issued before), and an index on
 * (partner, first_requested_at) holding page and campaign, so one partner's counts read that index only.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE signups ADD COLUMN campaign text`.execute(db);
  await sql`CREATE INDEX signups_partner_time ON signups (partner, first_requested_at) INCLUDE (source, campaign) WHERE partner IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE partner_link_keys (
      partner text PRIMARY KEY,
      key_version integer NOT NULL,
      revoked_at timestamptz NOT NULL DEFAULT statement_timestamp()
    )
  `.execute(db);
}
