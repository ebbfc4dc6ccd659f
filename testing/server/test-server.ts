/**
 * For tests: the server in-process on a free loopback port with NODE_ENV=test, the site's pages, and a
 * fresh database of the given backend (its own temporary DATA_DIR, and a new PostgreSQL database for
 * 'postgres'); `env` adds to or overrides that configuration. close() stops it and drops the database
 * and directory.
 */
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../server/config.js';
import type { Backend } from '../../server/db/database.js';
import { loadPageRenderers } from '../../server/load-page-renderers.js';
import { startServer } from '../../server/server.js';
import { freshDatabase, type ScratchDatabase } from './databases.js';

export type TestServer = {
  running: Awaited<ReturnType<typeof startServer>>;
  base: string;
  dataDir: string;
  /** The test's own handle on the server's database (opened and migrated), for checks. */
  database: ScratchDatabase;
  close(): Promise<void>;
};

export async function startTestServer(
  env: Record<string, string> = {},
  backend: Backend = 'sqlite',
): Promise<TestServer> {
  const database = await freshDatabase(backend);
  const running = await startTestServerOn(database.env, env);
  return {
    running,
    database,
    dataDir: database.env.DATA_DIR,
    base: `http://127.0.0.1:${running.port}`,
    async close() {
      await running.close();
      await database.drop();
    },
  };
}

/**
 * One server for the tests of the enclosing describe block (or file): started in beforeAll, closed in
 * afterAll. Its fields are read inside the tests, once it runs.
 */
export function serverForTests(
  env: Record<string, string> = {},
  backend: Backend = 'sqlite',
): Omit<TestServer, 'close'> {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(env, backend);
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = () => {
    if (!server) throw new Error('the test server starts in beforeAll: read it inside a test');
    return server;
  };
  return {
    get running() {
      return started().running;
    },
    get base() {
      return started().base;
    },
    get dataDir() {
      return started().dataDir;
    },
    get database() {
      return started().database;
    },
  };
}

/**
 * A server on a database the test owns (several servers on one PostgreSQL database: pass each its own
 * DATA_DIR). The caller stops it with close() and drops the database itself.
 */
export async function startTestServerOn(databaseEnv: Record<string, string>, env: Record<string, string> = {}) {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_REQUESTS: 'off',
    // One server per database unless a test starts several (those set SMTP_URL or SINGLE_SERVER=off).
    SINGLE_SERVER: 'on',
    // The site's page module from source, so these tests need no build (vitest compiles it).
    SITE_PAGES: 'site/page-renderers.ts',
    ...databaseEnv,
    ...env,
  });
  return startServer(config, await loadPageRenderers(config));
}
