/**
 * Schema migrations, applied in order at start: one chain per backend. SQLite's chain is listed
 * here; PostgreSQL's lives in ./postgres. Append new ones (one file each, listed in order); never
 * edit one that has shipped. On PostgreSQL Kysely's migrator holds an advisory lock, so several
 * servers starting together apply each migration once.
 */
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { OpenedDatabase } from '../database.js';
import * as initial from './0001_initial.js';
import * as signups from './0002_signups.js';
import * as contest from './0003_contest.js';
import * as contestReloadScope from './0004_contest_reload_scope.js';
import * as signupsOnePerInbox from './0005_signups_one_per_inbox.js';
import { postgresMigrations } from './postgres/index.js';

export const sqliteMigrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_signups': signups,
  '0003_contest': contest,
  '0004_contest_reload_scope': contestReloadScope,
  '0005_signups_one_per_inbox': signupsOnePerInbox,
};

export async function migrateToLatest(opened: Pick<OpenedDatabase, 'backend' | 'db'>): Promise<string[]> {
  const migrations = opened.backend === 'postgres' ? postgresMigrations : sqliteMigrations;
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db: opened.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
