/**
 * Schema migrations, applied in order at start: one chain per backend, laid out alike in ./sqlite and
 * ./postgres. On PostgreSQL Kysely's migrator holds an advisory lock, so several servers starting
 * together apply each migration once.
 */
import { type MigrationProvider, Migrator } from 'kysely/migration';
import { type OpenedDatabase, withoutTimeouts } from '../database.js';
import { postgresMigrations } from './postgres/index.js';
import { sqliteMigrations } from './sqlite/index.js';

export { sqliteMigrations };

export async function migrateToLatest(opened: OpenedDatabase): Promise<string[]> {
  const migrations = opened.backend === 'postgres' ? postgresMigrations : sqliteMigrations;
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // Unbounded: a server waits for another one's migrations, and a migration may rewrite a large table.
  const { error, results } = await withoutTimeouts(opened, (db) => new Migrator({ db, provider }).migrateToLatest());
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
