/**
 * A database blip between sending welcome e-mails and recording them `sent`, on real PostgreSQL with
 * two workers (two servers), the sender behind a relay that cuts it off: each recipient still gets one
 * message, and every row ends `sent`. If the blip outlasts even the kept lease, the other server sends
 * again, with the same Message-ID.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { databaseProxy } from '../../testing/server/database-proxy.js';
import { freshDatabase } from '../../testing/server/databases.js';
import { queueWelcomeMails } from '../../testing/server/outbox-rows.js';
import { startSmtpSink } from '../../testing/server/smtp-sink.js';
import { openDatabase } from '../db/database.js';
import { welcomeDelivery } from '../signups/welcome-delivery.js';
import { createOutboxStore, type OutboxStore } from './outbox-store.js';
import { createTransport, type MailTransport } from './transport.js';
import { startMailWorker } from './worker.js';

const RECIPIENTS = ['ada@example.ng', 'bola@example.ng', 'chidi@example.ng'];
const FROM = 'hello@kasuwa.shop';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Waits until check() holds. */
const until = (check: () => boolean | Promise<boolean>, what: string, timeout = 20_000) =>
  expect.poll(check, { message: `waiting for ${what}`, timeout, interval: 20 }).toBe(true);

/**
 * Two workers as two servers would run them, both with `leaseMs`: the sender's (A) reaches PostgreSQL
 * through a relay the test cuts, and its SMTP sends go through `wrap`; B starts once A holds every row.
 */
async function twoServers(leaseMs: number, wrap: (smtp: MailTransport) => MailTransport) {
  const fresh = await freshDatabase('postgres');
  cleanups.push(() => fresh.drop());
  await queueWelcomeMails(fresh.opened.db, RECIPIENTS);
  const sink = await startSmtpSink();
  cleanups.push(sink.close);
  const proxy = await databaseProxy(fresh.env.DATABASE_URL!);
  cleanups.push(() => proxy.close());
  const timeouts = { statementMs: 30_000, lockMs: 3_000, connectMs: 1_000 };
  const [viaProxy, direct] = await Promise.all(
    [proxy.url, fresh.env.DATABASE_URL].map((url) =>
      openDatabase({ dataDir: fresh.env.DATA_DIR, databaseUrl: url, databaseTimeouts: timeouts }),
    ),
  );
  cleanups.push(
    () => viaProxy!.close(),
    () => direct!.close(),
  );
  const smtp = (url: string) => createTransport({ smtpUrl: url, mailFrom: FROM, dataDir: '', leaseMs });
  const rows = () =>
    fresh.opened.db.selectFrom('outbox').select(['recipient', 'status', 'claimed_at']).orderBy('id').execute();

  // A send that fails on a loaded machine is tried again at once, not after a minute.
  const timing = { leaseMs, pollMs: 20, baseDelayMs: 100 };
  const logged: string[] = [];
  const a = startMailWorker({
    handlers: { welcome: welcomeDelivery() },
    log: (msg) => logged.push(msg),
    outbox: createOutboxStore(viaProxy!),
    transport: wrap(smtp(sink.url)),
    ...timing,
  });
  cleanups.push(() => a.stop());
  await until(async () => (await rows()).every((row) => row.status === 'sending'), 'A to claim every row');
  const firstLeaseEnd = Date.parse((await rows())[0]!.claimed_at!) + leaseMs;
  // B's claims that began once A's first lease had run out: B had its chance to take the rows over.
  const storeB = createOutboxStore(direct!);
  let lateClaims = 0;
  const watched: OutboxStore = {
    ...storeB,
    async claim(...args) {
      const late = Date.now() > firstLeaseEnd + 50;
      const claimed = await storeB.claim(...args);
      if (late) lateClaims += 1;
      return claimed;
    },
  };
  const b = startMailWorker({
    handlers: { welcome: welcomeDelivery() },
    outbox: watched,
    transport: smtp(sink.url),
    ...timing,
  });
  cleanups.push(() => b.stop());
  return {
    sink,
    proxy,
    firstLeaseEnd,
    /** What the sender's log said, as the operator reads it. */
    logged,
    lateClaims: () => lateClaims,
    async finish() {
      await until(async () => (await rows()).every((row) => row.status === 'sent'), 'every row sent');
      await Promise.all([a.stop(), b.stop()]);
      return {
        statuses: (await rows()).map((row) => row.status),
        copies: (recipient: string) => sink.received.filter((mail) => mail.to.includes(recipient)),
      };
    },
  };
}

describe('a database blip after the relay accepted the welcome e-mails (PostgreSQL, two servers)', () => {
  it.each(['refuse', 'hang'] as const)(
    'given the sender\'s database cut off ("%s") past its first lease should deliver each e-mail once and record it sent',
    async (cut) => {
      const leaseMs = 4_000;
      let setup: Awaited<ReturnType<typeof twoServers>> | undefined;
      let cutOff: Promise<void> | undefined;
      setup = await twoServers(leaseMs, (smtp) => ({
        ...smtp,
        async send(mail) {
          // A slow relay: it accepts the mails 60% into the lease, then the sender loses its database
          // before it can record them, and gets it back only after that first lease has run out.
          await until(() => setup !== undefined && Date.now() > setup.firstLeaseEnd - 0.4 * leaseMs, 'a slow relay');
          await smtp.send(mail);
          cutOff ??= until(() => setup!.sink.received.length >= RECIPIENTS.length, 'every mail at the relay').then(
            () => (cut === 'refuse' ? setup!.proxy.refuse() : setup!.proxy.hang()),
          );
          await cutOff;
        },
      }));
      const { proxy, lateClaims } = setup;
      await until(() => cutOff !== undefined, 'the cut');
      await cutOff;
      await until(() => lateClaims() > 0, 'the other server to look for rows after the first lease');
      await proxy.relay();

      const { statuses, copies } = await setup.finish();
      expect(Object.fromEntries(RECIPIENTS.map((to) => [to, copies(to).length]))).toEqual(
        Object.fromEntries(RECIPIENTS.map((to) => [to, 1])),
      );
      expect(statuses).toEqual(RECIPIENTS.map(() => 'sent'));
      expect(setup.logged).toContain('sent e-mails recorded after the database came back');
      expect(setup.logged).not.toContain('e-mails sent after their lease ran out');
    },
  );

  it('given the sender cut off until the other server took the mails over should send each again with its one Message-ID', async () => {
    const leaseMs = 4_000;
    let cutOff: Promise<void> | undefined;
    let setup: Awaited<ReturnType<typeof twoServers>> | undefined;
    setup = await twoServers(leaseMs, (smtp) => ({
      ...smtp,
      async send(mail) {
        await smtp.send(mail);
        await until(() => setup !== undefined, 'the setup');
        cutOff ??= until(() => setup!.sink.received.length >= RECIPIENTS.length, 'every mail at the relay').then(() =>
          setup!.proxy.refuse(),
        );
        await cutOff;
      },
    }));
    await until(() => cutOff !== undefined, 'the cut');
    await cutOff;
    // The worst case: the blip outlasts every lease the sender could keep.
    await until(() => setup.sink.received.length >= 2 * RECIPIENTS.length, 'the other server to send again');
    await setup.proxy.relay();

    const { statuses, copies } = await setup.finish();
    for (const to of RECIPIENTS) {
      const ids = copies(to).map((mail) => mail.messageId);
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(1);
    }
    expect(new Set(setup.sink.received.map((mail) => mail.messageId)).size).toBe(RECIPIENTS.length);
    expect(statuses).toEqual(RECIPIENTS.map(() => 'sent'));
    expect(setup.logged).toContain('e-mails sent after their lease ran out');
  });
});
