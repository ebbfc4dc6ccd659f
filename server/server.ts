/**
 * Starts the HTTP server on a configuration: migrations, demo data, services, the request handler.
 * main.ts runs it as the product; tests start it in-process on a free port.
 */
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrations/index.js';
import { loadDemoData } from './demo-data.js';
import { createApp, type SitePages } from './http/app.js';
import { createHardenedServer } from './http/hardened-server.js';
import { createTransport } from './mail/transport.js';
import { startMailWorker } from './mail/worker.js';
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
  const server = createHardenedServer(createApp(services, site));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  // After listen succeeded, so a busy port leaves nothing running.
  const transport = createTransport({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, dataDir: config.dataDir });
  const mailWorker = startMailWorker({ db: opened.db, transport, log });
  const unsubscribe = services.onOutboxQueued(mailWorker.wake);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log('listening', { url: `http://localhost:${port}`, dataDir: config.dataDir, mail: transport.kind });
  return {
    server,
    port,
    services,
    mailWorker,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      unsubscribe();
      await mailWorker.stop();
      services.close();
      await opened.db.destroy();
    },
  };
}
