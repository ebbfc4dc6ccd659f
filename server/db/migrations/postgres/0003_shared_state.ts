/**
 * What every server on one PostgreSQL database must share (docs/scaling.md): the installation's
 * key/value and the signup rate-limit counters.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Written once by whichever server comes first (`INSERT … ON CONFLICT DO NOTHING`, then read back):
  // the IP-hash salt and the campaign window the database was started with.
  await sql`
    CREATE TABLE installation (
      key text PRIMARY KEY,
      value text NOT NULL
    )
  `.execute(db);
  // One row per key and fixed window. UNLOGGED: no WAL for a counter bumped on every signup; a crash
  // of PostgreSQL empties it, which only forgives.
  await sql`
    CREATE UNLOGGED TABLE rate_limit_windows (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      counted_at_ms bigint NOT NULL,
      ends_at_ms bigint NOT NULL
    )
  `.execute(db);
}
