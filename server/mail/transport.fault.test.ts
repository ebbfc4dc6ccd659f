/**
 * The SMTP relay's side of delivery: a pool of a few connections, closed when the worker stops; a relay
 * refusing our sender, session or login keeps the mail queued; retries last at least two days; and with
 * two workers on one outbox, a relay that hangs, answers 451 or greets slowly gets each mail once.
 */
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { databaseProxy } from '../../testing/server/database-proxy.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { queueWelcomeMails } from '../../testing/server/outbox-rows.js';
import { type SmtpSinkOptions, startSmtpSink } from '../../testing/server/smtp-sink.js';
import { welcomeDelivery } from '../signups/welcome-delivery.js';
import { createOutboxStore } from './outbox-store.js';
import { createTransport, type MailTransport } from './transport.js';
import { type MailWorkerOptions, startMailWorker } from './worker.js';

const { defer, fresh } = cleanupAfterEach();

async function database(backend: (typeof TEST_BACKENDS)[number], recipients: string[]) {
  const scratch = await fresh(backend);
  await queueWelcomeMails(scratch.opened.db, recipients);
  return scratch;
}

async function sink(options: SmtpSinkOptions = {}) {
  const started = await startSmtpSink(options);
  defer(started.close);
  return started;
}

/** Waits for check() to give something, and gives it. */
async function until<T>(check: () => Promise<T | undefined>) {
  let value: T | undefined;
  await expect.poll(async () => (value = await check()), { timeout: 10_000 }).toBeTruthy();
  return value as T;
}

/** Our relay connection, as a server configures it (SMTP_URL, MAIL_FROM). */
const smtpTransport = (smtpUrl: string, leaseMs?: number) =>
  createTransport({ smtpUrl, mailFrom: 'hello@kasuwa.shop', dataDir: '', ...(leaseMs ? { leaseMs } : {}) });

/** A server's mail worker (welcome mails) on the scratch outbox, polling every 20 ms, stopped after the test. */
function workerOn(
  scratch: Awaited<ReturnType<typeof database>>,
  transport: MailTransport,
  options: Partial<MailWorkerOptions> = {},
) {
  const worker = startMailWorker({
    handlers: { welcome: welcomeDelivery() },
    outbox: createOutboxStore(scratch.opened),
    transport,
    pollMs: 20,
    ...options,
  });
  defer(() => worker.stop());
  return worker;
}

const rowsOf = (fresh: Awaited<ReturnType<typeof database>>) =>
  fresh.opened.db
    .selectFrom('outbox')
    .select(['recipient', 'status', 'attempts', 'last_error'])
    .orderBy('id')
    .execute();

describe.each(TEST_BACKENDS)('the SMTP pool on %s', (backend) => {
  it('given 12 queued mails should send them over at most 3 connections and close them when the worker stops', async () => {
    const recipients = Array.from({ length: 12 }, (_, i) => `pooled${i}@example.ng`);
    const fresh = await database(backend, recipients);
    const smtp = await sink();
    const worker = workerOn(fresh, smtpTransport(smtp.url));
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(12);
    expect(smtp.received.flatMap((mail) => mail.to).toSorted()).toEqual(recipients.toSorted());
    expect(smtp.connections().total).toBeLessThanOrEqual(3);
    await worker.stop();
    // Stopped: the relay sees no connection of ours left open.
    await expect.poll(() => smtp.connections().open).toBe(0);
    expect((await rowsOf(fresh)).every((row) => row.status === 'sent')).toBe(true);
  });
});

const relayRefusals: [string, SmtpSinkOptions][] = [
  ['550 to MAIL FROM (our sender refused)', { refuseMailFrom: 550 }],
  ['421 to MAIL FROM (the relay closing)', { refuseMailFrom: 421 }],
  ['530 to MAIL FROM (authentication required)', { refuseMailFrom: 530 }],
  ['554 instead of the greeting', { refuseConnection: 554 }],
];

describe.each(TEST_BACKENDS)('a relay that refuses us, not the recipient, on %s', (backend) => {
  it.each(relayRefusals)(
    'given %s should keep the mail queued, log a relay problem and deliver it once the relay accepts',
    async (_, refusal) => {
      const fresh = await database(backend, ['amaka@example.ng']);
      const smtp = await sink(refusal);
      const logged: { msg: string; fields?: Record<string, unknown> }[] = [];
      workerOn(fresh, smtpTransport(smtp.url), {
        baseDelayMs: 300,
        log: (msg, fields) => logged.push({ msg, fields }),
      });
      // The failure is recorded, then logged: once logged, the row must still be queued.
      await expect.poll(() => logged.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      expect(logged[0]).toMatchObject({
        msg: 'SMTP relay problem: e-mail failed, will retry',
        fields: { relay: true },
      });
      expect((await rowsOf(fresh))[0]?.status).not.toBe('failed');
      expect((await rowsOf(fresh))[0]?.last_error).toMatch(/refused|unavailable/);
      smtp.options.refuseMailFrom = undefined;
      smtp.options.refuseConnection = undefined;
      await expect.poll(async () => (await rowsOf(fresh))[0]?.status, { timeout: 10_000 }).toBe('sent');
      expect(smtp.received.map((mail) => mail.to)).toEqual([['amaka@example.ng']]);
    },
  );
});

describe('the default retry schedule', () => {
  it('given a recipient that keeps answering "try later" should retry for at least two days before failing the mail', async () => {
    const fresh = await database('sqlite', ['away@example.ng']);
    const refusing: MailTransport = {
      kind: 'smtp',
      async send() {
        throw Object.assign(new Error('451 mailbox busy, try later'), { responseCode: 451, command: 'RCPT TO' });
      },
      close() {},
    };
    const worker = workerOn(fresh, refusing);
    // Each retry's wait is read from next_attempt_at, then time is moved on by making the row due now.
    let waitedMs = 0;
    for (let attempt = 1; ; attempt += 1) {
      const row = await until(async () => {
        const current = await fresh.opened.db
          .selectFrom('outbox')
          .select(['status', 'attempts', 'next_attempt_at'])
          .executeTakeFirstOrThrow();
        return current.attempts === attempt && current.status !== 'sending' ? current : undefined;
      });
      if (row.status === 'failed') break;
      waitedMs += Date.parse(row.next_attempt_at) - Date.now();
      await fresh.opened.db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).execute();
      worker.wake();
    }
    expect(waitedMs / 3_600_000).toBeGreaterThanOrEqual(48);
  });
});

/** Each SMTP wait is an eighth of it: 1 s (transport.ts). */
const LEASE_MS = 8000;

type RelayFault = {
  /** Sets the fault up before the workers start; returns what ends it. */
  start(smtp: Awaited<ReturnType<typeof sink>>): Promise<{ url: string; end(): Promise<void> | void }>;
};

const relayFaults: [string, RelayFault][] = [
  [
    'hung (takes the connection, never answers)',
    {
      async start(smtp) {
        // The tests' TCP relay, in front of the SMTP sink this time.
        const relay = await databaseProxy(smtp.url);
        defer(() => relay.close());
        relay.hang();
        return { url: relay.url, end: () => relay.relay() };
      },
    },
  ],
  [
    'answering 451 (try later) to every recipient',
    {
      async start(smtp) {
        smtp.options.refuse = 451;
        return {
          url: smtp.url,
          end() {
            smtp.options.refuse = undefined;
          },
        };
      },
    },
  ],
  [
    'slow (each greeting after 700 ms, within the 1 s wait an 8 s lease allows)',
    {
      async start(smtp) {
        smtp.options.greetingDelayMs = 700;
        return { url: smtp.url, end() {} };
      },
    },
  ],
];

describe('two workers (two servers) on PostgreSQL, with an 8 s lease, and a relay', () => {
  it.each(relayFaults)(
    'given a relay %s for 3 s should deliver every mail exactly once after it, every row sent',
    async (_, fault) => {
      const recipients = Array.from({ length: 6 }, (_, i) => `fault${i}@example.ng`);
      const fresh = await database('postgres', recipients);
      const smtp = await sink();
      const { url, end } = await fault.start(smtp);
      // Two workers, as two servers run them: neither may send a mail the other sent.
      for (let i = 0; i < 2; i++) {
        workerOn(fresh, smtpTransport(url, LEASE_MS), {
          baseDelayMs: 300,
          maxDelayMs: 1000,
          leaseMs: LEASE_MS,
          log: () => {},
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await end();
      await expect
        .poll(async () => (await rowsOf(fresh)).every((row) => row.status === 'sent'), { timeout: 20_000 })
        .toBe(true);
      expect(smtp.received.flatMap((mail) => mail.to).toSorted()).toEqual(recipients.toSorted());
    },
    30_000,
  );
});

describe('a relay that hangs longer than one SMTP wait, with the default lease, on PostgreSQL', () => {
  it('given a relay that takes connections and never greets should count each send as a failure within the 10 s SMTP wait, retry after the backoff and deliver every mail once', async () => {
    const fresh = await database('postgres', ['warm@example.ng']);
    const smtp = await sink();
    const relay = await databaseProxy(smtp.url);
    defer(() => relay.close());
    // No leaseMs: the default lease, as a server runs; with the 5 min one each wait was 30 s before the fix.
    const outcomes: string[] = []; // what the server counts in kasuwa_mail_send_attempts_total
    const worker = workerOn(fresh, smtpTransport(relay.url), {
      baseDelayMs: 300,
      onAttempt: (outcome) => outcomes.push(outcome),
      log: () => {},
    });
    // Sent and its 250 read (the sink keeps a mail before answering): the pool has a connection open.
    await expect.poll(() => outcomes, { timeout: 10_000 }).toEqual(['sent']);
    relay.hang();
    const recipients = ['hung0@example.ng', 'hung1@example.ng'];
    await queueWelcomeMails(fresh.opened.db, recipients);
    worker.wake();
    // Both sends fail while the relay still hangs: the 10 s wait, plus room for a busy machine (it was 30 s).
    await expect.poll(() => outcomes, { timeout: 20_000, interval: 200 }).toEqual(['sent', 'retry', 'retry']);
    // A failure is counted just before it is recorded: the rows may still be `sending` for a moment.
    await expect
      .poll(async () => (await rowsOf(fresh)).slice(1).map((row) => [row.status, row.attempts]), { timeout: 5_000 })
      .toEqual([
        ['pending', 1],
        ['pending', 1],
      ]);
    const queued = (await rowsOf(fresh)).slice(1);
    expect(queued.every((row) => /greeting|timeout/i.test(row.last_error ?? ''))).toBe(true);
    await relay.relay();
    await expect
      .poll(async () => (await rowsOf(fresh)).every((row) => row.status === 'sent'), { timeout: 10_000 })
      .toBe(true);
    // Each mail once: a failed send may still have reached a relay, so a re-send keeps its Message-ID.
    expect(smtp.received.flatMap((mail) => mail.to).toSorted()).toEqual(['warm@example.ng', ...recipients].toSorted());
  }, 40_000);
});
