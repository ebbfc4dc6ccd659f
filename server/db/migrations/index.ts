/**
 * Schema migrations, applied in order at start: one chain per backend, laid out alike in ./sqlite and
 * ./postgres. On PostgreSQL Kysely's migrator holds an advisory lock, so several servers starting
 * together apply each migration once.
 */
import { type MigrationProvider, Migrator } from 'kysely';
import type { OpenedDatabase } from '../database.js';
import { postgresMigrations } from './postgres/index.js';
import { sqliteMigrations } from './sqlite/index.js';

export { sqliteMigrations };

export async function migrateToLatest(opened: Pick<OpenedDatabase, 'backend' | 'db'>): Promise<string[]> {
  const migrations = opened.backend === 'postgres' ? postgresMigrations : sqliteMigrations;
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db: opened.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
