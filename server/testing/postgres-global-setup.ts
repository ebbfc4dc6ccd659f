/**
 * Vitest global setup: finds the PostgreSQL the database suites run against (TEST_DATABASE_URL, else a
 * server on 127.0.0.1:5432 or TEST_POSTGRES_PORT, else a throwaway cluster from the system's binaries)
 * and says which in one line; with none, the run fails and says how to get one: PostgreSQL suites are
 * never skipped. In full: docs/postgresql.md, "Tests".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { installFromDebian } from '../../scripts/debian.mjs';
import { freePort } from './free-port.js';

type Found = { url: string; how: string; stop?: () => void };

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

function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

function installPostgres(): string | undefined {
  return installFromDebian('postgresql', 'test: no PostgreSQL found') ? postgresBinDir() : undefined;
}

/** initdb + pg_ctl in a temporary directory; PostgreSQL refuses to run as root, so then as `postgres`. */
async function throwawayCluster(bin: string): Promise<Found> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(dir, ...postgresUser());
  const run = (tool: string, args: string[]) => {
    const command = asRoot
      ? ['runuser', '-u', 'postgres', '--', path.join(bin, tool), ...args]
      : [path.join(bin, tool), ...args];
    const result = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // Test data is thrown away: fsync off makes the cluster quick and changes nothing we assert.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    how: `throwaway cluster in ${dir} (port ${port})`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function postgresUser(): [number, number] {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('there is no "postgres" user to run a throwaway PostgreSQL cluster as');
  return [Number(uid), Number(gid)];
}

async function findPostgres(): Promise<Found> {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) {
    if (!(await answers(configured))) throw new Error(`TEST_DATABASE_URL=${configured} does not answer.`);
    return { url: configured, how: `TEST_DATABASE_URL ${new URL(configured).host}` };
  }
  const port = process.env.TEST_POSTGRES_PORT || '5432';
  const local = `postgres://postgres@127.0.0.1:${port}/postgres`;
  if (await answers(local)) return { url: local, how: `127.0.0.1:${port} (running)` };
  const bin = postgresBinDir() ?? installPostgres();
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
