/**
 * The server's Prometheus metrics, one registry per server (each series: docs/operations.md "Metrics").
 * Per request the cost is one cached histogram child and one observe(); everything read from the
 * database or the board is read when Prometheus scrapes, not on the hot path. Every outcome of a
 * labelled counter is exposed at 0 from the first scrape, so a first burst counts as an increase.
 */
import client from 'prom-client';
import { RANK_LOOKUP_OUTCOMES, type RankLookupOutcome } from './contest/counted-lookup.js';
import type { RankLookup } from './contest/rank-lookup.js';
import { DATABASE_CHECK_TIMEOUT_MS, within } from './database-check.js';
import type { OutboxBacklog, OutboxStore } from './mail/outbox-store.js';
import type { MailAttemptOutcome } from './mail/worker.js';
import { SIGNUP_OUTCOMES, type SignupOutcome } from './signups/counted.js';

/** The routes requests are counted under: a small fixed set, never raw paths. */
export type Route =
  | 'graphql'
  | 'start_selling'
  | 'ingest'
  | 'rank_page'
  | 'partner_page'
  | 'widgets'
  | 'healthz'
  | 'readyz'
  | 'metrics'
  | 'site';

/** The route label of a routed path (requestUrl(req.url).pathname): never the raw path, whose values are unbounded. */
export function routeOf(path: string): Route {
  if (path.startsWith('/graphql')) return 'graphql';
  if (path.startsWith('/widgets/')) return 'widgets';
  if (path.startsWith('/start-selling')) return 'start_selling';
  if (path.startsWith('/ingest/')) return 'ingest';
  if (path.startsWith('/new-year-sales/rank')) return 'rank_page';
  if (/^(\/[a-z]{2,3})?\/partners$/.test(path)) return 'partner_page';
  if (path === '/healthz') return 'healthz';
  if (path === '/readyz') return 'readyz';
  if (path === '/metrics') return 'metrics';
  return 'site';
}

/** The routes of health checks and scrapes, which the alerts' request ratios leave out. */
export const PROBE_ROUTES = ['healthz', 'readyz', 'metrics'] as const satisfies readonly Route[];

const MAIL_ATTEMPT_OUTCOMES = ['sent', 'retry', 'failed'] as const satisfies readonly MailAttemptOutcome[];
/** A send waiting on the relay longer than this counts as stalled (kasuwa_mail_sends_stalled). */
export const MAIL_STALLED_SECONDS = 3;

/** GraphQL operations by their root field; `other` for anything else (a mix, introspection, unparsable). */
export const GRAPHQL_OPERATIONS = ['getStoreLeaderboard', 'startSelling', 'other'] as const;
export type GraphqlOperation = (typeof GRAPHQL_OPERATIONS)[number];
/** ok: answered; refused: the client's mistake or a limit (BAD_USER_INPUT, RATE_LIMITED, …); failed: ours (UNAVAILABLE, INTERNAL). */
export const GRAPHQL_OUTCOMES = ['ok', 'refused', 'failed'] as const;
export type GraphqlOutcome = (typeof GRAPHQL_OUTCOMES)[number];

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Requests by route and status with their latency, GraphQL operations and rank lookups by outcome,
 * signups accepted and refused by reason, the outbox (depth, the oldest due unsent, rows awaiting a
 * retry) and this server's send attempts by outcome, the contest's change feed (lag, unsettled rows,
 * reloads, failures), readiness, whether the database answers, and prom-client's default process
 * metrics (event-loop lag, memory, GC).
 */
export function createMetrics(sources: {
  contest: RankLookup;
  /** The outbox's backlog, read at each scrape (server/mail/outbox-store.ts). */
  outbox: Pick<OutboxStore, 'backlog'>;
  /** Whether the database answers a trivial query, briefly (server/database-check.ts). */
  databaseUp: () => Promise<boolean>;
  /** With REDIS_URL: whether Redis answers, or the limits count in this process meanwhile. */
  redisUp?: (() => boolean) | undefined;
  /** On PostgreSQL: sessions the database ended under this server so far. */
  databaseSessionsLost?: (() => number) | undefined;
}) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const requestSeconds = new client.Histogram({
    name: 'kasuwa_http_request_duration_seconds',
    help: 'HTTP requests by route and status, and how long they took (status 0: the client went away first)',
    labelNames: ['route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const byRouteAndStatus = new Map<string, client.Histogram.Internal<'route' | 'status'>>();

  const signups = new client.Counter({
    name: 'kasuwa_signups_total',
    help: 'Start-selling requests by outcome: accepted, honeypot (a bot, answered as accepted), refused (rate_limited_ip, rate_limited_address, invalid) or failed (error)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  const mailAttempts = new client.Counter({
    name: 'kasuwa_mail_send_attempts_total',
    help: "This server's e-mail sends by outcome: sent, retry (failed, tried again later) or failed (given up)",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // When each send now waiting on the relay started: a hung relay shows here at the next scrape, where
  // the failures come only after each send's SMTP wait.
  const sendsStarted = new Set<{ at: number }>();
  new client.Gauge({
    name: 'kasuwa_mail_sends_stalled',
    help: `E-mail sends waiting on the SMTP relay for over ${MAIL_STALLED_SECONDS} s now (a relay that answers takes well under a second)`,
    registers: [registry],
    collect() {
      const before = performance.now() - MAIL_STALLED_SECONDS * 1000;
      this.set([...sendsStarted].filter((send) => send.at < before).length);
    },
  });

  const graphqlOperations = new client.Counter({
    name: 'kasuwa_graphql_operations_total',
    help: 'GraphQL operations by root field (getStoreLeaderboard, startSelling, other) and outcome: ok, refused (the client, a limit) or failed (ours: UNAVAILABLE, INTERNAL), whatever the HTTP status',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });

  const rankLookups = new client.Counter({
    name: 'kasuwa_rank_lookups_total',
    help: 'Rank lookups (getStoreLeaderboard and the rank page) by outcome: found, not_found, invalid (empty) or failed',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const rankLookupSeconds = new client.Histogram({
    name: 'kasuwa_rank_lookup_duration_seconds',
    help: 'How long rank lookups took, by outcome (the rank-lookup objective: answered, not failed, within 1 s)',
    labelNames: ['outcome'] as const,
    buckets: [0.0001, 0.001, 0.01, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  for (const outcome of SIGNUP_OUTCOMES) signups.inc({ outcome }, 0);
  for (const outcome of MAIL_ATTEMPT_OUTCOMES) mailAttempts.inc({ outcome }, 0);
  for (const operation of GRAPHQL_OPERATIONS) {
    for (const outcome of GRAPHQL_OUTCOMES) graphqlOperations.inc({ operation, outcome }, 0);
  }
  for (const outcome of RANK_LOOKUP_OUTCOMES) {
    rankLookups.inc({ outcome }, 0);
    rankLookupSeconds.zero({ outcome });
  }

  new client.Gauge({
    name: 'kasuwa_ready',
    help: '1 once the rank index and the store directory are loaded',
    registers: [registry],
    collect() {
      this.set(sources.contest.ready ? 1 : 0);
    },
  });

  new client.Gauge({
    name: 'kasuwa_database_up',
    help: '1 while the database answers SELECT 1 within a second, checked at each scrape; 0 otherwise',
    registers: [registry],
    async collect() {
      this.set((await sources.databaseUp()) ? 1 : 0);
    },
  });

  const { databaseSessionsLost } = sources;
  if (databaseSessionsLost) {
    new client.Counter({
      name: 'kasuwa_database_sessions_lost_total',
      help: 'PostgreSQL sessions ended under this server (a restart, a failover, pg_terminate_backend); the next query opens a new one',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(databaseSessionsLost());
      },
    });
  }

  const { redisUp } = sources;
  if (redisUp) {
    new client.Gauge({
      name: 'kasuwa_redis_up',
      help: '1 while Redis counts the signup limits; 0 while it does not answer and this server counts them alone',
      registers: [registry],
      collect() {
        this.set(redisUp() ? 1 : 0);
      },
    });
  }

  // The change feed, read from the board at scrape time.
  const feedGauge = (name: string, help: string, read: () => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  feedGauge(
    'kasuwa_change_feed_lag_seconds',
    'Seconds since this server last applied the contest change log (polled every second)',
    () => sources.contest.feed.secondsSinceApplied,
  );
  feedGauge(
    'kasuwa_change_feed_unsettled_changes',
    'Change log rows visible but not settled: an older writing transaction is still open',
    () => sources.contest.feed.unsettledChanges,
  );
  feedGauge(
    'kasuwa_change_feed_unsettled_seconds',
    'Seconds an open transaction has held the change log horizon back (reload rows wait meanwhile)',
    () => sources.contest.feed.unsettledSeconds,
  );
  new client.Counter({
    name: 'kasuwa_change_feed_failures_total',
    help: 'Change log refreshes that failed (the next poll retries them)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.contest.feed.failures);
    },
  });
  new client.Counter({
    name: 'kasuwa_contest_reloads_total',
    help: 'Rank index reloads by scope: everything (directory too) or revenues; the first load included',
    labelNames: ['scope'] as const,
    registers: [registry],
    collect() {
      const { reloads } = sources.contest.feed;
      this.reset();
      this.inc({ scope: 'everything' }, reloads.everything);
      this.inc({ scope: 'revenues' }, reloads.revenues);
    },
  });

  // The outbox's backlog, one read of its store per scrape. The database unreachable or hung, the scrape
  // still answers within a second and these series say NaN; a hung read is shared by the scrapes meanwhile.
  const unknown: OutboxBacklog = {
    depth: { pending: Number.NaN, sending: Number.NaN, failed: Number.NaN },
    oldestDue: Number.NaN,
    awaitingRetry: Number.NaN,
  };
  let backlog: Promise<OutboxBacklog> | undefined;
  const readOutbox = () => {
    backlog ??= sources.outbox
      .backlog(new Date())
      .catch(() => unknown)
      .finally(() => {
        // Shared by the gauges of one scrape, then read afresh.
        setImmediate(() => {
          backlog = undefined;
        });
      });
    return within(backlog, DATABASE_CHECK_TIMEOUT_MS, unknown);
  };
  new client.Gauge({
    name: 'kasuwa_outbox_depth',
    help: 'E-mails not sent yet (pending, sending) and given up on (failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { depth } = await readOutbox();
      for (const [status, rows] of Object.entries(depth)) this.set({ status }, rows);
    },
  });
  new client.Gauge({
    name: 'kasuwa_outbox_oldest_pending_seconds',
    help: 'How long the oldest e-mail due now and not sent has been due (since its retry time for a retry; 0 when none)',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).oldestDue);
    },
  });
  new client.Gauge({
    name: 'kasuwa_outbox_awaiting_retry',
    help: 'E-mails pending whose next attempt (a retry after a failure) is not due yet',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).awaitingRetry);
    },
  });

  return {
    contentType: registry.contentType,
    /** The Prometheus text exposition. */
    text: () => registry.metrics(),
    request(route: Route, status: number, seconds: number): void {
      const key = `${route} ${status}`;
      let child = byRouteAndStatus.get(key);
      if (!child) {
        child = requestSeconds.labels(route, String(status));
        byRouteAndStatus.set(key, child);
      }
      child.observe(seconds);
    },
    signup(outcome: SignupOutcome): void {
      signups.inc({ outcome });
    },
    mailAttempt(outcome: MailAttemptOutcome): void {
      mailAttempts.inc({ outcome });
    },
    /** A send to the relay starts; the function returned says it ended. */
    mailSending(): () => void {
      const send = { at: performance.now() };
      sendsStarted.add(send);
      return () => sendsStarted.delete(send);
    },
    graphqlOperation(operation: GraphqlOperation, outcome: GraphqlOutcome): void {
      graphqlOperations.inc({ operation, outcome });
    },
    rankLookup(outcome: RankLookupOutcome, seconds: number): void {
      rankLookups.inc({ outcome });
      rankLookupSeconds.observe({ outcome }, seconds);
    },
  };
}
