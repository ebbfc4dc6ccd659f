/**
 * Mail, the entry the composition root uses (server/capability.ts): the delivery worker, which sends the
 * outbox's rows through SMTP or into `.eml` files with the handler of each row's kind (the capabilities that
 * queue mail hand theirs over), and its series (docs/mail.md).
 */
import type client from 'prom-client';
import type { Capability } from '../capability.js';
import type { Log } from '../db/daily-job.js';
import type { OpenedDatabase } from '../db/database.js';
import type { OutboxKind } from './message.js';
import { registerMailMetrics } from './metrics.js';
import { createOutboxStore } from './outbox-store.js';
import { createTransport, transportKindOf } from './transport.js';
import { type MailHandler, startMailWorker } from './worker.js';

export type MailApi = {
  /** Where mail goes: an SMTP relay (SMTP_URL) or `.eml` files in DATA_DIR. */
  transportKind: 'smtp' | 'file';
};

export function create(deps: {
  opened: OpenedDatabase;
  registry: client.Registry;
  transport: Parameters<typeof createTransport>[0];
  /** Every kind of outbox row has its handler: a kind added without one does not compile. */
  handlers: Record<OutboxKind, MailHandler>;
  /** The inbox's suppression key (server/privacy/), looked at once more right before each send. */
  inboxHash: (recipient: string) => string;
  /** Subscribes to "an e-mail was queued"; returns the unsubscribe. */
  subscribeQueued(listener: () => void): () => void;
  log: Log;
}): Capability<MailApi> {
  const { opened } = deps;
  const outbox = createOutboxStore(opened);
  const metrics = registerMailMetrics(deps.registry, outbox);
  return {
    api: { transportKind: transportKindOf(deps.transport) },
    jobs: [
      {
        name: 'mail worker',
        start() {
          // Created here, once the server listens: a busy port leaves no SMTP pool behind.
          const transport = createTransport(deps.transport);
          const worker = startMailWorker({
            outbox,
            transport,
            log: deps.log,
            onAttempt: (outcome) => metrics.mailAttempt(outcome),
            onSending: () => metrics.mailSending(),
            leaseMs: deps.transport.leaseMs,
            soleWorker: opened.backend === 'sqlite',
            handlers: deps.handlers,
            inboxHash: deps.inboxHash,
          });
          const unsubscribe = deps.subscribeQueued(worker.wake);
          return {
            async stop() {
              unsubscribe();
              await worker.stop();
            },
          };
        },
      },
    ],
  };
}
