/**
 * The composition root (README "Architecture"): the capability modules (server/capability.ts) created in
 * the order each needs the ones before it, on one database and configuration. It hands each module plain
 * values out of Config, and gives the transports (server/http, server/graphql, the CLI) what they call,
 * Services; server/server.ts starts the modules' jobs once it listens.
 */

import { closeAll, startJobs } from './capability.js';
import type { Config } from './config.js';
import * as consent from './consent/index.js';
import * as contest from './contest/index.js';
import { databaseCheck } from './database-check.js';
import type { OpenedDatabase } from './db/database.js';
import { registerDatabaseMetrics } from './db/metrics.js';
import { log, warn } from './log.js';
import * as mail from './mail/index.js';
import { createMetrics, type Metrics } from './metrics.js';
import { partnerSettings } from './partner-settings.js';
import * as partners from './partners/index.js';
import * as privacy from './privacy/index.js';
import * as rateLimits from './rate-limits/index.js';
import * as signups from './signups/index.js';

/** What the transports (server/http, server/graphql, the CLI) may call; each handler takes the part it uses. */
export interface Services {
  config: Config;
  metrics: Metrics;
  /** A signup (server/signups/), counted in kasuwa_signups_total by outcome. */
  startSelling: signups.SignupsApi['startSelling'];
  /** Stop links, the suppression list, and support's show and erase (server/privacy/). */
  privacy: privacy.PrivacyApi['privacy'];
  /** A client IP as signups, consent and partner links keep it (server/privacy/ip-hash.ts). */
  hashIp: privacy.PrivacyApi['hashIp'];
  /** Partners' signed links to their own counts (server/partners/). */
  partners: partners.PartnersApi['partners'];
  /** The partner programme: joining, confirming, lost links (server/partners/programme.ts). */
  programme: partners.PartnersApi['programme'];
  /** A store's standing, from memory, counted in kasuwa_rank_lookups_total by outcome. */
  getStoreLeaderboard: contest.ContestApi['getStoreLeaderboard'];
  /** POST /ingest/sales: NDJSON sales, all or nothing; this process's index sees them at once. */
  ingestSales: contest.ContestApi['ingestSales'];
  /** POST /consent: records one answer to the cookie question (server/consent/recorder.ts). */
  recordConsent: consent.ConsentApi['recordConsent'];
  /** Liveness: the process answers. It asks the database nothing: an outage there restarts no server. */
  healthy(): boolean;
  /**
   * Readiness, "can serve pages": the rank index and store directory are loaded. The database may be
   * down meanwhile: pages, the bundle and rank lookups answer from memory and disk.
   */
  ready(): boolean;
  /** Whether the database answers `SELECT 1` within a second (/readyz's body, kasuwa_database_up). */
  databaseUp(): Promise<boolean>;
  /** With REDIS_URL: whether Redis counts the limits now, or each server alone (/readyz, kasuwa_redis_up). */
  redisUp: (() => boolean) | undefined;
}

export type Composed = Awaited<ReturnType<typeof createServices>>;

export async function createServices(
  config: Config,
  opened: OpenedDatabase,
  contestStorage: contest.ContestStorage = contest.contestStorageFor(opened),
  /** Where the limits count; by default chosen from the configuration (docs/scaling.md). */
  hitCounter?: rateLimits.HitCounter,
) {
  const metrics = createMetrics();
  const { registry } = metrics;
  const site = partners.siteAddress(config.publicUrl);
  // "An e-mail was queued": signups and the programme say it, the delivery worker listens.
  const outboxListeners = new Set<() => void>();
  const outboxQueued = () => {
    for (const listener of outboxListeners) listener();
  };
  const subscribeQueued = (listener: () => void) => {
    outboxListeners.add(listener);
    return () => void outboxListeners.delete(listener);
  };
  const databaseUp = databaseCheck(opened);
  registerDatabaseMetrics(registry, {
    databaseUp,
    sessionsLost: opened.backend === 'postgres' ? opened.sessionsLost : undefined,
  });

  // The modules, each created from the ones before it.
  const privacyModule = await privacy.create({
    opened,
    dataDir: config.dataDir,
    secret: config.privacySecret,
    ipHashSalt: config.ipHashSalt,
    siteOrigin: site.origin,
  });
  const limits = rateLimits.create({
    counter: hitCounter ?? (await rateLimits.openHitCounter(opened, config.redisUrl)),
    registry,
  });
  const { counter } = limits.api;
  const signupsModule = signups.create({
    opened,
    registry,
    limits: config.signups,
    counter,
    onQueued: outboxQueued,
    mailPrivacy: privacyModule.api.mail,
    siteHost: site.host,
    retentionDays: config.signupRetentionDays,
    log,
    warn,
  });
  const consentModule = consent.create({ opened, counter, thirdParties: config.analytics, log, warn });
  const partnersModule = await partners.create({
    opened,
    settings: partnerSettings(config),
    counter,
    signupLimits: config.signups,
    perLink: config.partnerPages.perLink,
    onQueued: outboxQueued,
    log,
    warn,
  });
  const contestModule = contest.create({ storage: contestStorage, campaign: config.campaign, registry });
  const mailModule = mail.create({
    opened,
    registry,
    transport: {
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      dataDir: config.dataDir,
      leaseMs: config.mailLeaseSeconds * 1000,
      dkim: config.dkim,
    },
    handlers: { ...signupsModule.mailHandlers, ...partnersModule.mailHandlers },
    inboxHash: privacyModule.api.mail.inboxHash,
    subscribeQueued,
    log,
  });
  const modules = {
    privacy: privacyModule,
    rateLimits: limits,
    signups: signupsModule,
    consent: consentModule,
    partners: partnersModule,
    contest: contestModule,
    mail: mailModule,
  };
  const listed = Object.values(modules);

  const services: Services = {
    config,
    metrics,
    startSelling: signupsModule.api.startSelling,
    privacy: privacyModule.api.privacy,
    hashIp: privacyModule.api.hashIp,
    partners: partnersModule.api.partners,
    programme: partnersModule.api.programme,
    getStoreLeaderboard: contestModule.api.getStoreLeaderboard,
    ingestSales: contestModule.api.ingestSales,
    recordConsent: consentModule.api.recordConsent,
    healthy: () => true,
    ready: () => contestModule.api.contest.ready,
    databaseUp,
    redisUp: limits.api.redisUp,
  };
  return {
    services,
    /** Each module by name: the server's start reads a few, tests reach into them. */
    modules,
    /** Settles when the standings are loaded (rejects if loading failed). */
    loaded: contestModule.api.loaded,
    /** Every module's jobs (retention, the mail worker); the server starts them once it listens. */
    startJobs: () => startJobs(listed),
    /** Closes the modules (not their jobs: stop those first), in the reverse of their order. */
    close: () => closeAll(listed),
  };
}
