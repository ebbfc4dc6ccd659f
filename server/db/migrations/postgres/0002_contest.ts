/**
 * PostgreSQL schema for the contest (docs/contest.md): stores and sales with the same table and column
 * names as on SQLite, so Kysely queries run on both; money in bigint kobo; opted_in a boolean; times
 * timestamptz. What each further table is for: the comment beside it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stores (
      id text PRIMARY KEY,
      name text,
      domain text NOT NULL,
      custom_domain text,
      logo_url text,
      opted_in boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT statement_timestamp()
    )
  `.execute(db);
  // Lookups by host for the admin commands; uniqueness is store_hosts' job (an update may swap hosts).
  await sql`CREATE INDEX stores_domain ON stores (domain)`.execute(db);
  await sql`CREATE INDEX stores_custom_domain ON stores (custom_domain) WHERE custom_domain IS NOT NULL`.execute(db);
  // Every store's domain and custom domain under one primary key, so a host is unique across both
  // columns even when two imports race (a constraint, not a read-then-write). No foreign keys on
  // store_hosts and sales: intake, their only writer, checks the store ids itself in the same
  // transaction, and stores are never deleted; a per-row check would cost a key-share lock on a store
  // row for each of a million imported sales.
  await sql`
    CREATE TABLE store_hosts (
      host text PRIMARY KEY,
      store_id text NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX store_hosts_store ON store_hosts (store_id)`.execute(db);

  await sql`
    CREATE TABLE sales (
      order_id text PRIMARY KEY,
      store_id text NOT NULL,
      amount_kobo bigint NOT NULL CHECK (amount_kobo >= 0),
      status text NOT NULL CHECK (status IN ('paid', 'refunded')),
      paid_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT statement_timestamp()
    )
  `.execute(db);
  await sql`CREATE INDEX sales_store_paid_at ON sales (store_id, paid_at)`.execute(db);

  // A small integer key per store (the in-memory rank index is an array indexed by it) and its counted
  // revenue, kept by intake.
  await sql`
    CREATE TABLE contest_standings (
      store_key integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      store_id text NOT NULL UNIQUE REFERENCES stores (id),
      revenue_kobo bigint NOT NULL DEFAULT 0
    )
  `.execute(db);
  // The log every server follows, stamped with the writing transaction's id (xid8): readers settle
  // everything below their snapshot's xmin, so a change committed late under a lower id is never
  // skipped. It names stores; readers re-read their values.
  await sql`
    CREATE TABLE contest_changes (
      seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      store_key integer,
      revenue_kobo bigint NOT NULL DEFAULT 0,
      reload text CHECK (reload IN ('revenues', 'everything'))
    )
  `.execute(db);
  await sql`CREATE INDEX contest_changes_xid ON contest_changes (xid)`.execute(db);
  // Key/value: the window the standings were computed for, pruning marks, the final result.
  await sql`
    CREATE TABLE contest_meta (
      key text PRIMARY KEY,
      value text NOT NULL
    )
  `.execute(db);
}
