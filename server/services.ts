/** The transport-free core, wired to one database and configuration: HTTP and the CLI both use this. */
import type { Config } from './config.js';
import type { ConsentAnswer } from './consent/consent.js';
import { type ConsentOutcome, createConsentRecorder } from './consent/recorder.js';
import { countedLookup } from './contest/counted-lookup.js';
import { parseSalesNdjson } from './contest/parse.js';
import { RankLookup, type StoreLeaderboard } from './contest/rank-lookup.js';
import type { ContestStorage } from './contest/storage.js';
import { contestStorageFor } from './contest/storage-for-database.js';
import { databaseCheck } from './database-check.js';
import type { Db, OpenedDatabase } from './db/database.js';
import { ipHashSalt, privacySecret } from './db/installation.js';
import { createOutboxStore } from './mail/outbox-store.js';
import type { MailHandler } from './mail/worker.js';
import { createMetrics, type Metrics } from './metrics.js';
import { partnerSettings } from './partner-settings.js';
import { type LimitedPartners, limitPartnerLinks } from './partners/link-limit.js';
import { partnerSecretFor, partnersFor, siteAddress } from './partners/partners-for-database.js';
import type { Programme } from './partners/programme.js';
import { programmeFor } from './partners/programme-for-database.js';
import type { ProgrammeMailKind } from './partners/programme-store.js';
import { type HashIp, ipHasher } from './privacy/ip-hash.js';
import { privacyKeys } from './privacy/links.js';
import { type MailPrivacy, mailPrivacy } from './privacy/mail-links.js';
import { createPrivacy, type Privacy } from './privacy/privacy.js';
import { createPrivacyStore } from './privacy/store.js';
import { type HitCounter, openHitCounter } from './rate-limits/index.js';
import { countedStartSelling } from './signups/counted.js';
import { createSignups, type Signups } from './signups/signups.js';
import { createSignupStore } from './signups/store.js';

/** What the transports (server/http, server/graphql, the CLI) may call; each handler takes the part it uses. */
export interface Services {
  config: Config;
  db: Db;
  metrics: Metrics;
  /** Settles when the rank index and the store directory are loaded (rejects if loading failed). */
  contestLoaded: Promise<void>;
  /** A signup (server/signups/), counted in kasuwa_signups_total by outcome. */
  startSelling: Signups['startSelling'];
  /** Listens for "an e-mail was queued" (the delivery worker); returns the unsubscribe. */
  onOutboxQueued(listener: () => void): () => void;
  contest: RankLookup;
  /** Stop links, the suppression list, and support's show and erase (server/privacy/). */
  privacy: Privacy;
  /** What the delivery worker puts in each mail: the personal stop link and the suppression key. */
  mailPrivacy: MailPrivacy;
  /** Partners' signed links to their own counts (server/partners/). */
  partners: LimitedPartners;
  /** The partner programme: joining, confirming, lost links (server/partners/programme.ts). */
  programme: Programme;
  /** The programme's mails, by outbox kind, for the delivery worker. */
  programmeMailHandlers: Record<ProgrammeMailKind, MailHandler>;
  /** Our site's host, as the mails name it. */
  siteHost: string;
  /** A store's standing, from memory, counted in kasuwa_rank_lookups_total by outcome. */
  getStoreLeaderboard(domain: string): StoreLeaderboard;
  /** POST /ingest/sales: NDJSON sales, all or nothing; this process's index sees them at once. */
  ingestSales(ndjson: string): ReturnType<ContestStorage['importSales']>;
  /** POST /consent: records one answer to the cookie question (server/consent/recorder.ts). */
  recordConsent(answer: ConsentAnswer, ipHash: string | null): Promise<ConsentOutcome>;
  /** Where the signup limits count: memory, postgres or redis. */
  rateLimitStore: HitCounter['kind'];
  close(): Promise<void>;
  /** A client IP as signups, consent and partner links keep it (server/privacy/ip-hash.ts). */
  hashIp: HashIp;
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

export async function createServices(
  config: Config,
  opened: OpenedDatabase,
  contestStorage: ContestStorage = contestStorageFor(opened),
  /** Where the signup limits count; by default chosen from the configuration (docs/scaling.md). */
  hitCounter?: HitCounter,
): Promise<Services> {
  const { db } = opened;
  const salt = await ipHashSalt(opened, config.dataDir, config.ipHashSalt);
  const counter = hitCounter ?? (await openHitCounter(opened, config.redisUrl));
  const keys = privacyKeys(await privacySecret(opened, config.dataDir, config.privacySecret));
  const site = siteAddress(config.publicUrl);
  const partnerConfig = partnerSettings(config);
  const linkSecret = await partnerSecretFor(partnerConfig, opened);
  const partners = limitPartnerLinks(
    await partnersFor(partnerConfig, opened, linkSecret),
    { perIp: config.signups.perIp, perLink: config.partnerPages.perLink },
    counter,
  );
  const outboxListeners = new Set<() => void>();
  const queued = () => {
    for (const listener of outboxListeners) listener();
  };
  // Joining, confirming and lost links: the same limits (and counter) as signups.
  const programme = programmeFor(partnerConfig, opened, {
    linkSecret,
    partners,
    limits: config.signups,
    counter,
    onQueued: queued,
  });
  const signups = createSignups(createSignupStore(opened, { inboxHash: keys.inboxHash }), {
    limits: config.signups,
    counter,
    onQueued: queued,
  });
  // Loaded in the background: the server listens meanwhile and answers 503 on /readyz until it is done.
  const contest = RankLookup.empty(contestStorage);
  let closed = false;
  const contestLoaded = contest.loadStandings(config.campaign).then(() => {
    if (!closed) contest.start();
  });
  contestLoaded.catch(() => {}); // startServer awaits it and fails the start
  const consent = createConsentRecorder(opened, counter, config.analytics);
  const databaseUp = databaseCheck(opened);
  const redisUp = counter.answering ? counter.answering.bind(counter) : undefined;
  const metrics = createMetrics({
    contest,
    outbox: createOutboxStore(opened),
    databaseUp,
    redisUp,
    databaseSessionsLost: opened.backend === 'postgres' ? opened.sessionsLost : undefined,
  });
  return {
    config,
    db,
    metrics,
    contestLoaded,
    startSelling: countedStartSelling(signups, (outcome) => metrics.signup(outcome)),
    onOutboxQueued(listener) {
      outboxListeners.add(listener);
      return () => outboxListeners.delete(listener);
    },
    contest,
    privacy: createPrivacy(createPrivacyStore(opened), keys),
    mailPrivacy: mailPrivacy(keys, site.origin),
    partners,
    programme: programme.programme,
    programmeMailHandlers: programme.mailHandlers,
    siteHost: site.host,
    getStoreLeaderboard: countedLookup(contest, (outcome, seconds) => metrics.rankLookup(outcome, seconds)),
    async ingestSales(ndjson) {
      const summary = await contestStorage.importSales(config.campaign, parseSalesNdjson(ndjson));
      await contestLoaded;
      await contest.refresh();
      return summary;
    },
    recordConsent: consent.record,
    rateLimitStore: counter.kind,
    async close() {
      closed = true;
      contest.stop();
      await counter.close();
    },
    hashIp: ipHasher(salt),
    healthy: () => true,
    ready: () => contest.ready,
    databaseUp,
    redisUp,
  };
}
