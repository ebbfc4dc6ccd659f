/**
 * The one process that listens: site, widgets and API on PORT (default 3000).
 * A bad configuration stops it with one line naming the variable.
 */
import type { PageRenderers } from '../common/page-renderers.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { isConnectTimeout, isDatabaseUnavailable } from './db/availability.js';
import { describePostgres } from './db/database.js';
import { loadPageRenderers } from './load-page-renderers.js';
import { log } from './log.js';
import { StartupRefusal, startServer } from './server.js';
import { exitGracefullyOnSignals } from './shutdown.js';

/** Between two start attempts while PostgreSQL does not answer. */
const START_RETRY_MS = 2000;

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
  const giveUpAt = Date.now() + config.databaseStartWaitSeconds * 1000;
  let waiting = false;
  let running: Awaited<ReturnType<typeof startServer>> | undefined;
  while (!running) {
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
      // PostgreSQL down, unreachable or still starting: one line, not the driver's stack trace, then
      // another try every START_RETRY_MS until DATABASE_START_WAIT_SECONDS have passed.
      if (!config.databaseUrl?.startsWith('postgres') || !isDatabaseUnavailable(error)) throw error;
      const where = describePostgres(config.databaseUrl);
      const why = isConnectTimeout(error) ? 'timed out' : (code ?? (error as Error).message.split('\n')[0]);
      if (Date.now() + START_RETRY_MS > giveUpAt) {
        console.error(
          `Cannot reach ${where} (${why})${waiting ? ` for ${config.databaseStartWaitSeconds} s (DATABASE_START_WAIT_SECONDS)` : ''}: start PostgreSQL or correct DATABASE_URL, then start again.`,
        );
        // Not process.exit(): a failed attempt leaves nothing open, so the process ends by itself.
        process.exitCode = 1;
        return;
      }
      if (!waiting) {
        waiting = true;
        console.error(
          `Waiting for ${where} (${why}): trying again every ${START_RETRY_MS / 1000} s for up to ${config.databaseStartWaitSeconds} s (DATABASE_START_WAIT_SECONDS).`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS));
    }
  }
  exitGracefullyOnSignals(running, log);
}

void main();
