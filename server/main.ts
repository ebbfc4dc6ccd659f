/**
 * The one process that listens: site, widgets and API on PORT (default 3000).
 * A bad configuration stops it with one line naming the variable.
 */
import type { PageRenderers } from '../common/page-renderers.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { isConnectTimeout } from './db/availability.js';
import { describePostgres } from './db/database.js';
import { loadPageRenderers } from './load-page-renderers.js';
import { log } from './log.js';
import { StartupRefusal, startServer } from './server.js';
import { exitGracefullyOnSignals } from './shutdown.js';

/** Connection errors that mean the database server is not there (rather than a fault of ours). */
const DATABASE_UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', '57P03']);

async function main() {
  let config: Config;
  let site: PageRenderers;
  try {
    config = loadConfig();
    site = await loadPageRenderers(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config, site);
  } catch (error) {
    if (error instanceof StartupRefusal) {
      console.error(`Refusing to start: ${error.message}`);
      process.exit(1);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      console.error(`Port ${config.port} is already in use: stop the other process or set PORT to another number.`);
      process.exit(1);
    }
    // PostgreSQL down or unreachable: one line, not the driver's stack trace.
    const unreachable = DATABASE_UNREACHABLE.has(code ?? '') ? code : isConnectTimeout(error) ? 'timed out' : undefined;
    if (config.databaseUrl?.startsWith('postgres') && unreachable) {
      console.error(
        `Cannot reach ${describePostgres(config.databaseUrl)} (${unreachable}): start PostgreSQL or correct DATABASE_URL, then start again.`,
      );
      process.exit(1);
    }
    throw error;
  }
  exitGracefullyOnSignals(running, log);
}

void main();
