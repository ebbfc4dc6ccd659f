/**
 * A built server SIGKILLed while it holds welcome mails (the SMTP relay hung, as in bench:chaos), on
 * PostgreSQL with the default MAIL_LEASE_SECONDS: it strands no more mails than its SMTP pool sends at
 * once, and another server sends each of them once, well within KasuwaMailOldestUnsent's 5 minutes
 * (with the 5-minute lease they waited past it). docs/operations.md "The fault suite"; needs the build.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEASE_MS, SMTP_POOL } from '../../server/mail/transport.js';
import { type ClusterServer, startServer, startSmtpSink } from '../../testing/server/cluster.js';
import { databaseProxy } from '../../testing/server/database-proxy.js';
import { freshDatabase } from '../../testing/server/databases.js';
import { queueWelcomeMails } from '../../testing/server/outbox-rows.js';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 30_000);

/** Stops a server that is still running, and waits for it. */
async function stopped(server: ClusterServer) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

describe('a server SIGKILLed holding welcome mails, with the default lease, on PostgreSQL', () => {
  it(
    'given the relay hung when it died should strand at most its SMTP connections and have another server send each mail once within the lease',
    async () => {
      const fresh = await freshDatabase('postgres');
      cleanups.push(() => fresh.drop());
      const smtp = await startSmtpSink();
      cleanups.push(() => smtp.close());
      const relay = await databaseProxy(smtp.url);
      cleanups.push(() => relay.close());
      relay.hang();
      const recipients = Array.from({ length: 2 * SMTP_POOL.maxConnections }, (_, i) => `held${i}@example.ng`);
      await queueWelcomeMails(fresh.opened.db, recipients);
      // No MAIL_LEASE_SECONDS: the default, as a server runs.
      const env = { ...fresh.env, SMTP_URL: `${relay.url}/?pool=true`, NODE_ENV: 'test', DEMO_DATA: 'off' };
      const sending = () =>
        fresh.opened.db.selectFrom('outbox').select(['id', 'claimed_by']).where('status', '=', 'sending').execute();

      const first = await startServer('app1', env);
      cleanups.push(() => stopped(first));
      await expect.poll(async () => (await sending()).length, { timeout: 20_000 }).toBeGreaterThan(0);
      const held = await sending();
      first.child.kill('SIGKILL');
      await first.exited;
      const killedAt = Date.now();
      expect(held.length).toBeLessThanOrEqual(SMTP_POOL.maxConnections);
      await relay.relay();

      const second = await startServer('app2', env);
      cleanups.push(() => stopped(second));
      await expect
        .poll(
          async () =>
            (await fresh.opened.db.selectFrom('outbox').select('status').execute()).every(
              (row) => row.status === 'sent',
            ),
          { timeout: DEFAULT_LEASE_MS + 30_000, interval: 500 },
        )
        .toBe(true);
      const seconds = (Date.now() - killedAt) / 1000;
      console.log(
        `[mail-lease] ${held.length} of ${recipients.length} mails held by the SIGKILLed server; all sent ${seconds.toFixed(0)} s after the kill (lease ${DEFAULT_LEASE_MS / 1000} s)`,
      );
      expect(smtp.received.flatMap((mail) => mail.to).toSorted()).toEqual(recipients.toSorted());
      expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(recipients.length);
    },
    DEFAULT_LEASE_MS + 90_000,
  );
});
