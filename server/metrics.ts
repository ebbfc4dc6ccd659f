/**
 * The server's Prometheus metrics, one registry per server: the registry and the transports' series here,
 * each module's own series beside its rules and storage, no SQL (docs/operations.md "Metrics"). Per request
 * the cost is one cached histogram child and one observe(); the rest is read when Prometheus scrapes. Every
 * outcome of a labelled counter is exposed at 0 from the first scrape, so a first burst counts as an increase.
 */
import client from 'prom-client';

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

/** GraphQL operations by their root field; `other` for anything else (a mix, introspection, unparsable). */
export const GRAPHQL_OPERATIONS = ['getStoreLeaderboard', 'startSelling', 'other'] as const;
export type GraphqlOperation = (typeof GRAPHQL_OPERATIONS)[number];
/** ok: answered; refused: the client's mistake or a limit (BAD_USER_INPUT, RATE_LIMITED, …); failed: ours (UNAVAILABLE, INTERNAL). */
export const GRAPHQL_OUTCOMES = ['ok', 'refused', 'failed'] as const;
export type GraphqlOutcome = (typeof GRAPHQL_OUTCOMES)[number];

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * One server's registry with the transports' series: requests by route and status with their latency, and
 * GraphQL operations by outcome; and prom-client's default process metrics (event-loop lag, memory, GC).
 * Each module registers its own series on `registry` (server/capability.ts): signups
 * (server/signups/metrics.ts), mail sends and the outbox (server/mail/metrics.ts), rank lookups, readiness
 * and the change feed (server/contest/metrics.ts), Redis (server/rate-limits/metrics.ts); the composition
 * root (server/services.ts) the database's (server/db/metrics.ts).
 */
export function createMetrics() {
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

  const graphqlOperations = new client.Counter({
    name: 'kasuwa_graphql_operations_total',
    help: 'GraphQL operations by root field (getStoreLeaderboard, startSelling, other) and outcome: ok, refused (the client, a limit) or failed (ours: UNAVAILABLE, INTERNAL), whatever the HTTP status',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  for (const operation of GRAPHQL_OPERATIONS) {
    for (const outcome of GRAPHQL_OUTCOMES) graphqlOperations.inc({ operation, outcome }, 0);
  }

  return {
    /** Where the modules register their own series. */
    registry,
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
    graphqlOperation(operation: GraphqlOperation, outcome: GraphqlOutcome): void {
      graphqlOperations.inc({ operation, outcome });
    },
  };
}
