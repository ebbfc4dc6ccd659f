/**
 * A PostgreSQL cluster of a test's own (initdb + pg_ctl from the system's binaries, in a temporary
 * directory, on a free loopback port), which the test may stop, restart or fill up without harming
 * anyone else: the fault suite's outages, and the global setup's throwaway cluster when no server
 * answers on 127.0.0.1:5432. PostgreSQL refuses to run as root, so then it runs as `postgres`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findOrInstall } from '../../scripts/debian.mjs';
import { freePort } from '../server/free-port.js';

const run = promisify(execFile);

export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

/** The binaries' folder, installing Debian's package when they are missing and we may. */
export function ensurePostgresBinaries(): string | undefined {
  return findOrInstall(postgresBinDir, 'postgresql', 'test: no PostgreSQL found');
}

function postgresUser(): [number, number] {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('there is no "postgres" user to run a private PostgreSQL cluster as');
  return [Number(uid), Number(gid)];
}

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust). */
  url: string;
  port: number;
  dir: string;
  start(): Promise<void>;
  /** `fast`: sessions are ended and the server shuts down cleanly; `immediate`: as a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  restart(): Promise<void>;
  /** Stops it (if running) and removes its directory. */
  destroy(): Promise<void>;
};

export type PrivatePostgresOptions = {
  /** max_connections (PostgreSQL's default is 100). */
  maxConnections?: number;
  /** Don't start it yet (a test of a server started while the database is down). */
  stopped?: boolean;
  /** fsync on, as production servers require (NODE_ENV=production refuses to start on fsync=off). */
  fsync?: boolean;
};

export async function privatePostgres(
  bin: string,
  { maxConnections = 100, stopped = false, fsync = false }: PrivatePostgresOptions = {},
): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(dir, ...postgresUser());
  const tool = async (name: string, args: string[]) => {
    const command = asRoot
      ? ['runuser', '-u', 'postgres', '--', path.join(bin, name), ...args]
      : [path.join(bin, name), ...args];
    try {
      await run(command[0]!, command.slice(1));
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${name} failed: ${stderr || stdout || (error as Error).message}`);
    }
  };
  const data = path.join(dir, 'data');
  await tool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // Test data is thrown away: fsync off makes the cluster quick and changes nothing we assert.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${fsync ? 'on' : 'off'} -c max_connections=${maxConnections}`;
  let running = false;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async start() {
      await tool('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      running = false;
      await tool('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    async restart() {
      await cluster.stop('fast');
      await cluster.start();
    },
    async destroy() {
      try {
        if (running) await cluster.stop('immediate');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  if (!stopped) await cluster.start();
  return cluster;
}
