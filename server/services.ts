/** The transport-free core, wired to one database and configuration. HTTP and CLI both use this. */
import crypto from 'node:crypto';
import { brand } from '../common/brand.js';
import type { Locale } from '../common/i18n.js';
import { localePath } from '../common/locale-paths.js';
import { STOP_PATH } from '../common/page-renderers.js';
import type { PartnerRefusal } from '../common/partner-report.js';
import type { Config } from './config.js';
import { createConsentRecorder } from './consent/recorder.js';
import { ContestBoard } from './contest/board.js';
import { openContestStorage } from './contest/open-storage.js';
import { parseSalesNdjson } from './contest/parse.js';
import type { ContestStorage } from './contest/storage.js';
import { databaseCheck } from './database-check.js';
import type { OpenedDatabase } from './db/database.js';
import { ipHashSalt, privacySecret } from './db/installation.js';
import { RateLimitedError, UserFacingError } from './errors.js';
import { createMetrics, type RankLookupOutcome, type SignupOutcome } from './metrics.js';
import { openPartners, siteAddress } from './partners/open.js';
import { privacyKeys } from './privacy/links.js';
import { createPrivacy } from './privacy/privacy.js';
import { createPrivacyStore } from './privacy/store.js';
import { openHitCounter } from './signups/hit-counters.js';
import { type HitCounter, RateLimiter } from './signups/rate-limit.js';
import { createSignups, filledHoneypot, type RequestContext, type StartSellingInput } from './signups/signups.js';
import { createSignupStore } from './signups/store.js';

export type Services = Awaited<ReturnType<typeof createServices>>;

export async function createServices(
  config: Config,
  opened: OpenedDatabase,
  contestStorage: ContestStorage = openContestStorage(opened),
  /** Where the signup limits count; by default chosen from the configuration (docs/scaling.md). */
  hitCounter?: HitCounter,
) {
  const { db } = opened;
  const salt = await ipHashSalt(opened, config.dataDir, config.ipHashSalt);
  const counter = hitCounter ?? (await openHitCounter(opened, config.redisUrl));
  const keys = privacyKeys(await privacySecret(opened, config.dataDir, config.privacySecret));
  const privacy = createPrivacy(createPrivacyStore(opened), keys);
  const site = siteAddress(config);
  const partners = await openPartners(config, opened);
  // Bad partner links count per IP against the same limit as signups: guessing links costs what spamming the form does.
  const badPartnerLinks = new RateLimiter(config.signups.perIp, counter, 'partner-link-ip');
  // A good link is limited per link, in the same shared counter: every server counts its requests together.
  const partnerLinkUses = new RateLimiter(config.partnerPages.perLink, counter, 'partner-link');
  /** Listeners for "an e-mail was queued" (the delivery worker). */
  const outboxListeners = new Set<() => void>();
  const signups = createSignups(createSignupStore(opened, { inboxHash: keys.inboxHash }), {
    limits: config.signups,
    counter,
    onQueued: () => {
      for (const listener of outboxListeners) listener();
    },
  });
  // Loaded in the background: the server listens meanwhile and answers 503 on /readyz until it is done.
  const contest = ContestBoard.empty(contestStorage);
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
    db,
    databaseUp,
    redisUp,
    databaseSessionsLost: opened.backend === 'postgres' ? opened.sessionsLost : undefined,
  });
  return {
    config,
    db,
    metrics,
    /** Settles when the rank index and the store directory are loaded (rejects if loading failed). */
    contestLoaded,
    async startSelling(input: StartSellingInput, context: RequestContext = {}) {
      try {
        const accepted = await signups.startSelling(input, context);
        metrics.signup(filledHoneypot(input) ? 'honeypot' : 'accepted');
        return accepted;
      } catch (error) {
        metrics.signup(signupOutcomeOf(error));
        throw error;
      }
    },
    onOutboxQueued(listener: () => void): () => void {
      outboxListeners.add(listener);
      return () => outboxListeners.delete(listener);
    },
    contest,
    /** Stop links, the suppression list, and support's show and erase (server/privacy/). */
    privacy,
    /** What the delivery worker puts in each mail: the personal stop link and the suppression key. */
    mailPrivacy: {
      // In the mail's language (`/ha/unsubscribe?t=…`), so the page answers in it; the token is the address's alone.
      stopUrl: (recipient: string, locale: Locale) =>
        `${site.origin}${localePath(locale, STOP_PATH)}?t=${keys.token(recipient)}`,
      unsubscribeMailto: (recipient: string) =>
        `mailto:${brand.supportEmail}?subject=${encodeURIComponent(`Stop e-mails ${keys.token(recipient)}`)}`,
      inboxHash: keys.inboxHash,
    },
    /** Partners' signed links to their own counts (server/partners/). */
    partners: {
      issueLink: partners.issueLink,
      revoke: partners.revoke,
      /**
       * The code a partner's token opens: a good link counts against its own limit (too-often), a bad
       * one against its IP's (rate-limited).
       */
      async open(
        token: string,
        ipHash: string | null,
        now = new Date(),
      ): Promise<{ ok: true; partner: string } | { ok: false; why: PartnerRefusal; retryAfterSeconds?: number }> {
        const opened = await partners.read(token, now);
        if (opened.ok) {
          // The counter keeps a hash of the link, never the link.
          const key = crypto.createHash('sha256').update(token).digest('base64url').slice(0, 22);
          const decision = await partnerLinkUses.hit(key, now.getTime());
          return decision.ok ? opened : { ok: false, why: 'too-often', retryAfterSeconds: decision.retryAfterSeconds };
        }
        if (!ipHash) return opened;
        const decision = await badPartnerLinks.hit(ipHash, now.getTime());
        return decision.ok ? opened : { ok: false, why: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds };
      },
      summary: partners.summary,
      rows: partners.rows,
    },
    /** Our site's host, as the mails name it. */
    siteHost: site.host,
    getStoreLeaderboard(domain: string) {
      const started = performance.now();
      try {
        const standing = contest.lookup(domain);
        metrics.rankLookup('found', (performance.now() - started) / 1000);
        return standing;
      } catch (error) {
        metrics.rankLookup(rankLookupOutcomeOf(error), (performance.now() - started) / 1000);
        throw error;
      }
    },
    /** POST /ingest/sales: NDJSON sales, all or nothing; this process's index sees them at once. */
    async ingestSales(ndjson: string) {
      const summary = await contestStorage.importSales(config.campaign, parseSalesNdjson(ndjson));
      await contestLoaded;
      await contest.refresh();
      return summary;
    },
    /** POST /consent: records one answer to the cookie question (server/consent/recorder.ts). */
    recordConsent: consent.record,
    /** Where the signup limits count: memory, postgres or redis. */
    rateLimitStore: counter.kind,
    async close() {
      closed = true;
      contest.stop();
      await counter.close();
    },
    /** Signups keep a salted hash of the IP (for abuse limits and audits), never the address itself. */
    hashIp: (ip: string): string | null =>
      ip ? crypto.createHmac('sha256', salt).update(ip).digest('base64url').slice(0, 22) : null,
    /** Liveness: the process answers. It asks the database nothing: an outage there restarts no server. */
    healthy: () => true,
    /**
     * Readiness, "can serve pages": the rank index and store directory are loaded. The database may be
     * down meanwhile: pages, the bundle and rank lookups answer from memory and disk.
     */
    ready: () => contest.ready,
    /** Whether the database answers `SELECT 1` within a second (/readyz's body, kasuwa_database_up). */
    databaseUp,
    /** With REDIS_URL: whether Redis counts the limits now, or each server alone (/readyz, kasuwa_redis_up). */
    redisUp,
  };
}

function signupOutcomeOf(error: unknown): SignupOutcome {
  if (error instanceof RateLimitedError) return error.limit === 'ip' ? 'rate_limited_ip' : 'rate_limited_address';
  return error instanceof UserFacingError && error.code === 'BAD_USER_INPUT' ? 'invalid' : 'error';
}

function rankLookupOutcomeOf(error: unknown): RankLookupOutcome {
  if (!(error instanceof UserFacingError)) return 'failed';
  return error.code === 'STORE_NOT_FOUND' ? 'not_found' : error.code === 'BAD_USER_INPUT' ? 'invalid' : 'failed';
}
