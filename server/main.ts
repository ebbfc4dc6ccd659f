/**
 * The one process that listens: site, widgets and API on PORT (default 3000).
 * A bad configuration stops it with one line naming the variable.
 */
import { type Config, ConfigError, loadConfig } from './config.js';
import type { SitePages } from './http/app.js';
import { log, startServer } from './server.js';
import { exitGracefullyOnSignals } from './shutdown.js';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  let site: SitePages = {};
  if (process.env.SITE_RENDER === 'on-request') {
    const { renderRoute } = await import('../site/render.js');
    site = { render: async (pathname) => renderRoute(pathname, config.siteDir) };
  }
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config, site);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      console.error(`Port ${config.port} is already in use: stop the other process or set PORT to another number.`);
      process.exit(1);
    }
    throw error;
  }
  exitGracefullyOnSignals(running, log);
}

void main();
