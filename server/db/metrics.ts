/** The database layer's series (docs/operations.md "Metrics"): whether it answers, and sessions lost on PostgreSQL. */
import client from 'prom-client';

export function registerDatabaseMetrics(
  registry: client.Registry,
  sources: {
    /** Whether the database answers a trivial query, briefly (server/database-check.ts). */
    databaseUp: () => Promise<boolean>;
    /** On PostgreSQL: sessions the database ended under this server so far. */
    sessionsLost?: (() => number) | undefined;
  },
): void {
  new client.Gauge({
    name: 'kasuwa_database_up',
    help: '1 while the database answers SELECT 1 within a second, checked at each scrape; 0 otherwise',
    registers: [registry],
    async collect() {
      this.set((await sources.databaseUp()) ? 1 : 0);
    },
  });
  const { sessionsLost } = sources;
  if (!sessionsLost) return;
  new client.Counter({
    name: 'kasuwa_database_sessions_lost_total',
    help: 'PostgreSQL sessions ended under this server (a restart, a failover, pg_terminate_backend); the next query opens a new one',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sessionsLost());
    },
  });
}
