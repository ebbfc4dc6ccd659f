/**
 * Starts the HTTP server on a configuration: migrations, demo data, the capability modules (services.ts),
 * the request handler, then the modules' jobs. main.ts runs it as the product; tests start it in-process.
 */

import http from 'node:http';
import type { Config } from './config.js';
import { contestStorageFor } from './contest/index.js';
import { checkDurability, DatabaseFileMissing, openDatabase } from './db/database.js';
import { campaignWindowConflict, onceAtStart } from './db/installation.js';
import { migrateToLatest } from './db/migrations/index.js';
import { demoSignups, loadDemoData } from './demo-data.js';
import { createApp, type GivenRenderers, sendMetrics } from './http/app.js';
import { createHardenedServer, requestLogWriter } from './http/hardened-server.js';
import { requestUrl } from './http/request-url.js';
import { log } from './log.js';
import { routeOf } from './metrics.js';
import { openHitCounter } from './rate-limits/index.js';
import { type Composed, createServices } from './services.js';
import { insertSignupsWithoutWelcome } from './signups/index.js';

/** A reason not to start, said in one line (main.ts prints it and exits). */
export class StartupRefusal extends Error {}

/**
 * `.eml` files land in this server's DATA_DIR: with a database other servers share, each server would
 * keep the mail it happened to claim on its own disk. So on PostgreSQL mail needs SMTP_URL, unless the
 * operator says this is the only server (SINGLE_SERVER=on).
 */
export function sharedMailRefusal(
  config: Pick<Config, 'smtpUrl' | 'singleServer'>,
  backend: 'sqlite' | 'postgres',
): string | undefined {
  if (backend !== 'postgres' || config.smtpUrl || config.singleServer) return undefined;
  return 'On PostgreSQL (a database several servers may share) e-mail needs SMTP_URL: .eml files would stay on whichever server wrote them. Set SMTP_URL, or SINGLE_SERVER=on if this is the only server.';
}

export async function startServer(config: Config, site: GivenRenderers = {}) {
  const opened = await openDatabase(config).catch((error: unknown) => {
    throw error instanceof DatabaseFileMissing ? new StartupRefusal(error.message) : error;
  });
  log('database', { database: opened.description });
  try {
    if (config.nodeEnv === 'production') {
      const refusal = await checkDurability(opened);
      if (refusal) throw new StartupRefusal(refusal);
    }
    const mailRefusal = sharedMailRefusal(config, opened.backend);
    if (mailRefusal) throw new StartupRefusal(mailRefusal);
    const applied = await migrateToLatest(opened);
    if (applied.length) log('migrations applied', { applied });
    const windowRefusal = await campaignWindowConflict(opened, config.campaign);
    if (windowRefusal) throw new StartupRefusal(windowRefusal);
  } catch (error) {
    await opened.close();
    throw error;
  }
  let hitCounter: Awaited<ReturnType<typeof openHitCounter>>;
  try {
    hitCounter = await openHitCounter(opened, config.redisUrl);
  } catch (error) {
    await opened.close();
    throw new StartupRefusal((error as Error).message);
  }
  const contestStorage = contestStorageFor(opened);
  let composed: Composed;
  try {
    // Several servers starting together on an empty database: one loads the demo data, the others wait.
    await onceAtStart(opened, 'kasuwa.demo-data', async () => {
      if (config.demoData && (await contestStorage.storeCount()) === 0) {
        const signups = demoSignups(config.campaign);
        const loaded = await loadDemoData(contestStorage, config.campaign);
        await insertSignupsWithoutWelcome(opened.db, signups);
        log('demo data loaded', { ...loaded, signups: signups.length });
      }
    });
    composed = await createServices(config, opened, contestStorage, hitCounter);
  } catch (error) {
    await hitCounter.close();
    await opened.close();
    throw error;
  }
  const { services, modules } = composed;
  const server = createHardenedServer(
    createApp(services, site),
    requestLogWriter(config.logRequests),
    (req, status, s) => services.metrics.request(routeOf(requestUrl(req.url).pathname), status, s),
  );
  // /metrics alone on its own port, for Prometheus on a private network (docs/operations.md).
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : http.createServer((req, res) => {
          if (requestUrl(req.url).pathname !== '/metrics') {
            res.writeHead(404).end();
            return;
          }
          sendMetrics(services, res).catch(() => res.writeHead(500).end());
        });
  try {
    await listen(server, config.port, config.host);
    if (metricsServer) await listen(metricsServer, config.metricsPort ?? 0, config.host);
    // Listening already: /healthz answers 200 and /readyz 503 while the standings load.
    await composed.loaded;
  } catch (error) {
    server.close();
    metricsServer?.close();
    await composed.close();
    await opened.close();
    throw error;
  }
  // After listen succeeded, so a busy port leaves nothing running: retention, the mail worker.
  const jobs = composed.startJobs();
  const portOf = (listening: http.Server) => {
    const address = listening.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  const port = portOf(server);
  log('listening', {
    url: `http://localhost:${port}`,
    database: opened.description,
    mail: modules.mail.api.transportKind,
    dkim: config.dkim ? `${config.dkim.keySelector}._domainkey.${config.dkim.domainName}` : 'off',
    signupRetentionDays: config.signupRetentionDays,
    rateLimits: modules.rateLimits.api.counter.kind,
  });
  return {
    server,
    port,
    /** The port /metrics is served on alone (METRICS_PORT), if any. */
    metricsPort: metricsServer ? portOf(metricsServer) : undefined,
    services,
    /** Each capability module (server/services.ts), for tests that reach into one. */
    modules,
    db: opened.db,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (metricsServer) await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
      await jobs.stop();
      await composed.close();
      await opened.close();
    },
  };
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
}
