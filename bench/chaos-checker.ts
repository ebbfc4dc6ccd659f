/**
 * bench:chaos's checker: what the run left behind, gathered for the judge (bench/chaos-judge.ts, through
 * bench/chaos-report.ts) once the traffic and the faults are over: the outbox drained (or given up on),
 * the addresses stored, the mails received, what is left unsent, each server's memory and whether it lives.
 */
import { rssKb } from '../testing/server/cluster.js';
import { sleep } from './chaos-prometheus.js';
import type { ChaosReport } from './chaos-report.js';
import type { Stack } from './chaos-stack.js';
import { loadAverage } from './host-load.js';

/** After the traffic: the outbox drained for up to this long (a retry after a relay fault waits minutes). */
export const DRAIN_S = 420;

/** Waits up to DRAIN_S for the outbox to have nothing left to send. */
async function drainOutbox(stack: Stack) {
  const until = Date.now() + DRAIN_S * 1000;
  while (Date.now() < until) {
    const { rows } = await stack.admin
      .query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE status <> 'sent'")
      .catch(() => ({ rows: [] as { n: string }[] }));
    if (rows[0] && Number(rows[0].n) === 0) return;
    await sleep(2000);
  }
}

type Evidence = Pick<ChaosReport, 'loadEnd' | 'stored' | 'received' | 'unsent' | 'rss' | 'serversAlive'>;

/** Each server's memory now; collect() later drains the outbox and reads the rest of what the run left. */
export function startChecker(stack: Stack, seed: number) {
  const { admin, cluster } = stack;
  const rssStart = cluster.servers.map((server) => rssKb(server.child.pid));
  return {
    async collect(): Promise<Evidence> {
      await drainOutbox(stack);
      const rssEnd = cluster.servers.map((server) => rssKb(server.child.pid));
      const { rows: stored } = await admin.query<{ email: string }>('SELECT email FROM signups WHERE email LIKE $1', [
        `chaos-${seed}-%`,
      ]);
      const { rows: unsent } = await admin.query<{ status: string; n: string }>(
        "SELECT status, count(*) AS n FROM outbox WHERE status <> 'sent' GROUP BY status",
      );
      return {
        loadEnd: loadAverage(),
        stored: stored.map((row) => row.email),
        received: stack.smtp.received.map((mail) => ({ to: mail.to, messageId: mail.messageId })),
        unsent: Object.fromEntries(unsent.map((row) => [row.status, Number(row.n)])),
        rss: cluster.servers.map((server, i) => ({
          name: server.name,
          startKb: rssStart[i] ?? 0,
          endKb: rssEnd[i] ?? 0,
        })),
        serversAlive: cluster.servers.map(
          (server) => server.child.exitCode === null && server.child.signalCode === null,
        ),
      };
    },
  };
}
