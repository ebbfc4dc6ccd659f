/**
 * Vitest global setup: finds the PostgreSQL the database suites run against (TEST_DATABASE_URL, else a
 * server on 127.0.0.1:5432 or TEST_POSTGRES_PORT, else a throwaway cluster from the system's binaries)
 * and says which in one line; with none, the run fails and says how to get one: PostgreSQL suites are
 * never skipped. In full: docs/postgresql.md, "Tests".
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensurePostgresBinaries, privatePostgres } from './private-postgres.js';

type Found = { url: string; how: string; stop?: () => Promise<void> };

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A cluster of the run's own (private-postgres.ts), stopped and removed after the run. */
async function throwawayCluster(bin: string): Promise<Found> {
  const cluster = await privatePostgres(bin, { maxConnections: 200 });
  return {
    url: cluster.url,
    how: `throwaway cluster in ${cluster.dir} (port ${cluster.port})`,
    stop: () => cluster.destroy(),
  };
}

export async function findPostgres(): Promise<Found> {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) {
    if (!(await answers(configured))) throw new Error(`TEST_DATABASE_URL=${configured} does not answer.`);
    return { url: configured, how: `TEST_DATABASE_URL ${new URL(configured).host}` };
  }
  const port = process.env.TEST_POSTGRES_PORT || '5432';
  const local = `postgres://postgres@127.0.0.1:${port}/postgres`;
  if (await answers(local)) return { url: local, how: `127.0.0.1:${port} (running)` };
  const bin = ensurePostgresBinaries();
  if (bin) return throwawayCluster(bin);
  throw new Error(
    [
      'The database suites need PostgreSQL and none was found (they run on SQLite and PostgreSQL, never skipped).',
      'Either start one on 127.0.0.1:5432 (user postgres, trust auth), point TEST_DATABASE_URL at one',
      '(postgres://user@host:port/db, allowed to create databases), or install the binaries for a throwaway',
      'cluster:  sudo apt-get update && sudo apt-get install -y postgresql',
    ].join('\n'),
  );
}

export default async function setup(project: TestProject) {
  const found = await findPostgres();
  console.log(`[test] PostgreSQL: ${found.how}; database suites run on SQLite and PostgreSQL`);
  project.provide('postgresAdminUrl', found.url);
  return () => found.stop?.();
}
