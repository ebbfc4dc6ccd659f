/**
 * Schema migrations, applied in order at start. Append new ones (one file each, listed here in order);
 * never edit one that has shipped. Written with Kysely's schema builder so they also run on PostgreSQL.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './0001_initial.js';
import * as signups from './0002_signups.js';
import * as contest from './0003_contest.js';
import * as contestReloadScope from './0004_contest_reload_scope.js';

const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_signups': signups,
  '0003_contest': contest,
  '0004_contest_reload_scope': contestReloadScope,
};

const provider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
