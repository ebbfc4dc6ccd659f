/**
 * The mail capability's series (docs/operations.md "Metrics"): this server's send attempts by outcome,
 * sends stalled on the relay, and the outbox's backlog, read from the outbox store at each scrape.
 */
import client from 'prom-client';
import { DATABASE_CHECK_TIMEOUT_MS, within } from '../database-check.js';
import type { OutboxBacklog, OutboxStore } from './outbox-store.js';
import type { MailAttemptOutcome } from './worker.js';

const MAIL_ATTEMPT_OUTCOMES = ['sent', 'retry', 'failed'] as const satisfies readonly MailAttemptOutcome[];
/** A send waiting on the relay longer than this counts as stalled (kasuwa_mail_sends_stalled). */
export const MAIL_STALLED_SECONDS = 3;

export function registerMailMetrics(registry: client.Registry, outbox: Pick<OutboxStore, 'backlog'>) {
  const mailAttempts = new client.Counter({
    name: 'kasuwa_mail_send_attempts_total',
    help: "This server's e-mail sends by outcome: sent, retry (failed, tried again later) or failed (given up)",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of MAIL_ATTEMPT_OUTCOMES) mailAttempts.inc({ outcome }, 0);
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

  // The backlog, one read per scrape. The database unreachable or hung, the scrape still answers within
  // a second and these series say NaN; a hung read is shared by the scrapes meanwhile.
  const unknown: OutboxBacklog = {
    depth: { pending: Number.NaN, sending: Number.NaN, failed: Number.NaN },
    oldestDue: Number.NaN,
    awaitingRetry: Number.NaN,
  };
  let backlog: Promise<OutboxBacklog> | undefined;
  const readBacklog = () => {
    backlog ??= outbox
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
      const { depth } = await readBacklog();
      for (const [status, rows] of Object.entries(depth)) this.set({ status }, rows);
    },
  });
  new client.Gauge({
    name: 'kasuwa_outbox_oldest_pending_seconds',
    help: 'How long the oldest e-mail due now and not sent has been due (since its retry time for a retry; 0 when none)',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).oldestDue);
    },
  });
  new client.Gauge({
    name: 'kasuwa_outbox_awaiting_retry',
    help: 'E-mails pending whose next attempt (a retry after a failure) is not due yet',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).awaitingRetry);
    },
  });

  return {
    mailAttempt(outcome: MailAttemptOutcome): void {
      mailAttempts.inc({ outcome });
    },
    /** A send to the relay starts; the function returned says it ended. */
    mailSending(): () => void {
      const send = { at: performance.now() };
      sendsStarted.add(send);
      return () => sendsStarted.delete(send);
    },
  };
}
