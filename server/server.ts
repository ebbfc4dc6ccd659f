/**
 * Starts the HTTP server on a configuration: migrations, demo data, services, the request handler.
 * main.ts runs it as the product; tests start it in-process on a free port.
 */
import http from 'node:http';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrations/index.js';
import { loadDemoData } from './demo-data.js';
import { createApp, type SitePages } from './http/app.js';
import { createServices } from './services.js';

export function log(msg: string, fields: Record<string, unknown> = {}) {
  console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...fields }));
}

export async function startServer(config: Config, site: SitePages = {}) {
  const opened = openDatabase(config.dataDir);
  const applied = await migrateToLatest(opened.db as never);
  if (applied.length) log('migrations applied', { applied });
  if (config.demoData) {
    const { count } = opened.sqlite.prepare('SELECT count(*) AS count FROM stores').get() as { count: number };
    if (count === 0) {
      const loaded = loadDemoData(opened, config.campaign);
      log('demo data loaded', loaded);
    }
  }
  const services = createServices(config, opened);
  const server = http.createServer(createApp(services, site));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log('listening', { url: `http://localhost:${port}`, dataDir: config.dataDir });
  return {
    server,
    port,
    services,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      services.close();
      await opened.db.destroy();
    },
  };
}
