/**
 * Delivery end to end: a signup over HTTP reaches a real SMTP server on loopback (smtp-server), or
 * becomes an .eml file under DATA_DIR/mail when SMTP_URL is unset; refusals are retried or recorded.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brand } from '../../common/brand.js';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { queueWelcomeMails } from '../../testing/server/outbox-rows.js';
import { startSmtpSink } from '../../testing/server/smtp-sink.js';
import { postStartSelling } from '../../testing/server/start-selling.js';
import { startTestServer } from '../../testing/server/test-server.js';
import type { Db } from '../db/database.js';
import { openDatabase } from '../db/database.js';
import { welcomeDelivery } from '../signups/welcome-delivery.js';
import { createOutboxStore } from './outbox-store.js';
import { createTransport, type MailTransport } from './transport.js';
import { type MailAttemptOutcome, type MailWorkerOptions, startMailWorker } from './worker.js';

/** `database(backend)`: a scratch database, dropped after the test. */
const { defer, fresh: database } = cleanupAfterEach();

/** The shared SMTP sink, closed after the test; `refuse` answers RCPT TO with that code. */
async function smtpReceiver(refuse?: number) {
  const sink = await startSmtpSink(refuse);
  defer(sink.close);
  return sink;
}

/** Undo quoted-printable soft line breaks and escapes, enough to search the bodies for text. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Waits for check() to give something (it may be async), and gives it. */
async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeout = 10_000) {
  let value: T | undefined;
  await expect.poll(async () => (value = await check()), { message: `waiting for ${what}`, timeout }).toBeTruthy();
  return value as T;
}

/** A transport that keeps each recipient once its send is done; pauseMs makes each send that slow. */
function recordingTransport(pauseMs = 0, onSend: () => void = () => {}) {
  const sent: string[] = [];
  const transport: MailTransport = {
    kind: 'file',
    async send(message) {
      onSend();
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      sent.push(message.to);
    },
    close() {},
  };
  return { transport, sent };
}

async function signUp(base: string, email: string) {
  const response = await postStartSelling(base, { email });
  return response.json();
}

async function server(env: Record<string, string>, backend: (typeof TEST_BACKENDS)[number]) {
  const started = await startTestServer({ DEMO_DATA: 'off', ...env }, backend);
  defer(() => started.close());
  return { base: started.base, dataDir: started.dataDir, db: started.database.opened.db };
}

/** Outbox rows as the signups write them, due since 2026-01-01. */
const queue = (db: Db, recipients: string[]) =>
  queueWelcomeMails(db, recipients, (i) => ({
    next_attempt_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    created_at: '2026-01-01T00:00:00.000Z',
  }));

describe.each(TEST_BACKENDS)('the welcome e-mail on %s', (backend) => {
  it('given SMTP_URL should deliver through SMTP with text and HTML bodies and both store links', async () => {
    const smtp = await smtpReceiver();
    const { base } = await server({ SMTP_URL: smtp.url, MAIL_FROM: 'Kasuwa <hello@kasuwa.shop>' }, backend);
    expect(await signUp(base, 'ngozi@example.ng')).toEqual({ data: { startSelling: { success: true } } });

    const mail = await until(() => smtp.received[0], 'the SMTP delivery');
    expect(mail.from).toBe('hello@kasuwa.shop');
    expect(mail.to).toEqual(['ngozi@example.ng']);
    expect(mail.raw).toMatch(/^Subject: Your Kasuwa store/m);
    expect(mail.raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@kasuwa\.shop>/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const body = decoded(mail.raw);
    for (const link of [brand.links.googlePlay, brand.links.appStore]) {
      expect(body).toContain(`- ${link.includes('play') ? 'Android (Google Play)' : 'iPhone (App Store)'}: ${link}`);
      expect(body).toContain(`href="${link}"`);
    }
    expect(body).toContain('a business name and an account number are all it takes');
    expect(body).toContain(brand.supportEmail);
  });

  it('given no SMTP_URL should write one .eml file under DATA_DIR/mail', async () => {
    const { base, dataDir, db } = await server({}, backend);
    await signUp(base, 'tobi@example.ng');
    await signUp(base, 'tobi@example.ng'); // a repeat within 24 hours sends nothing more
    // Done when the worker has written every e-mail the two signups queued: then count the files.
    const outbox = await until(async () => {
      const rows = await db.selectFrom('outbox').select(['recipient', 'status']).execute();
      return rows.length > 0 && rows.every((row) => row.status === 'sent') ? rows : undefined;
    }, 'every queued e-mail sent');
    expect(outbox).toEqual([{ recipient: 'tobi@example.ng', status: 'sent' }]);
    const mailDir = path.join(dataDir, 'mail');
    const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(mailDir, files[0]!), 'utf8');
    expect(raw).toMatch(/^To: tobi@example\.ng$/m);
    // An address is personal data: the file and its folder are the server user's alone.
    expect((fs.statSync(path.join(mailDir, files[0]!)).mode & 0o777).toString(8)).toBe('600');
    expect((fs.statSync(mailDir).mode & 0o777).toString(8)).toBe('700');
    expect(decoded(raw)).toContain(brand.links.appStore);
  });
});

describe.each(TEST_BACKENDS)('the delivery worker on %s', (backend) => {
  async function workerAgainst(smtpUrl: string) {
    const { opened, env } = await database(backend);
    await queue(opened.db, ['gone@example.ng']);
    const attempts: MailAttemptOutcome[] = [];
    const worker = startMailWorker({
      handlers: { welcome: welcomeDelivery() },
      outbox: createOutboxStore(opened),
      transport: createTransport({ smtpUrl, mailFrom: 'hello@kasuwa.shop', dataDir: env.DATA_DIR }),
      baseDelayMs: 60_000,
      pollMs: 20,
      onAttempt: (outcome) => attempts.push(outcome),
    });
    defer(() => worker.stop());
    let latest: { status: string; attempts: number; next_attempt_at: string; last_error: string | null } | undefined;
    const poll = async () => {
      latest = await opened.db
        .selectFrom('outbox')
        .select(['status', 'attempts', 'next_attempt_at', 'last_error'])
        .executeTakeFirstOrThrow();
      return latest;
    };
    return { poll, attempts };
  }

  it('given a permanent refusal (5xx) should record the row as failed with the error', async () => {
    const smtp = await smtpReceiver(550);
    const { poll, attempts } = await workerAgainst(smtp.url);
    const failed = await until(async () => ((await poll()).status === 'failed' ? poll() : undefined), 'the failure');
    expect(failed).toMatchObject({ attempts: 1, last_error: expect.stringContaining('refused') });
    expect(attempts).toEqual(['failed']);
  });

  it('given a temporary refusal (4xx) should keep the row pending and retry after a backoff', async () => {
    const smtp = await smtpReceiver(451);
    const { poll, attempts } = await workerAgainst(smtp.url);
    const retried = await until(async () => {
      const row = await poll();
      return row.attempts === 1 && row.status === 'pending' ? row : undefined;
    }, 'retry');
    expect(Date.parse(retried.next_attempt_at) - Date.now()).toBeGreaterThan(50_000);
    expect(retried.last_error).toContain('refused');
    expect(attempts).toEqual(['retry']);
  });

  it('given two workers on one database (two servers) should send each queued e-mail exactly once', async () => {
    const fresh = await database(backend);
    const { opened } = fresh;
    const recipients = Array.from({ length: 60 }, (_, i) => `pair${i}@example.ng`);
    await queue(opened.db, recipients);
    const { transport, sent } = recordingTransport(2);
    await sendWithTwoWorkers(fresh, { transport, claimBatch: 5 });
    expect(sent.toSorted()).toEqual(recipients.toSorted());
  });

  it('given two workers whose batches take longer than their lease should still send each e-mail exactly once', async () => {
    const fresh = await database(backend);
    const { opened } = fresh;
    const recipients = Array.from({ length: 20 }, (_, i) => `slow${i}@example.ng`);
    await queue(opened.db, recipients);
    // A batch of 10 sends takes 2 s, the lease 1 s: it holds only because the sender renews it meanwhile.
    const { transport, sent } = recordingTransport(200);
    await sendWithTwoWorkers(fresh, { transport, claimBatch: 10, leaseMs: 1_000 });
    expect(sent.toSorted()).toEqual(recipients.toSorted());
  });

  it('given an SMTP pool of 3 connections and 7 mails queued should claim only the 3 it sends at once, so a server that dies strands no more', async () => {
    const { opened } = await database(backend);
    const recipients = Array.from({ length: 7 }, (_, i) => `pool${i}@example.ng`);
    await queue(opened.db, recipients);
    let open: () => void = () => {};
    const relayAnswers = new Promise<void>((resolve) => {
      open = resolve;
    });
    const sent: string[] = [];
    const transport: MailTransport = {
      kind: 'smtp',
      connections: 3,
      async send(message) {
        await relayAnswers;
        sent.push(message.to);
      },
      close() {},
    };
    const worker = startMailWorker({
      handlers: { welcome: welcomeDelivery() },
      outbox: createOutboxStore(opened),
      pollMs: 20,
      transport,
    });
    defer(() => worker.stop());
    defer(() => open()); // before the stop, which waits for the sends under way
    const claimed = () => opened.db.selectFrom('outbox').select('id').where('status', '=', 'sending').execute();
    // The claim is one transaction: once a row is claimed, all of the batch is.
    const batch = await until(async () => {
      const rows = await claimed();
      return rows.length > 0 ? rows : undefined;
    }, 'the first claim');
    expect(batch).toHaveLength(3);
    open();
    await until(() => sent.length === recipients.length || undefined, 'every mail sent');
    expect(sent.toSorted()).toEqual(recipients.toSorted());
  });

  it('given rows left sending by a worker that crashed should take over only those whose lease has run out', async () => {
    const { opened } = await database(backend);
    await queue(opened.db, ['busy@example.ng', 'crashed@example.ng']);
    const store = createOutboxStore(opened);
    // One worker holds a long lease; another claimed a row with a lease that has run out, and died.
    expect(await store.claim('busy-worker', 1, 3_600_000)).toMatchObject([{ recipient: 'busy@example.ng' }]);
    expect(await store.claim('crashed-worker', 1, 1)).toMatchObject([{ recipient: 'crashed@example.ng' }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { transport, sent } = recordingTransport();
    const worker = startMailWorker({ handlers: { welcome: welcomeDelivery() }, outbox: store, pollMs: 20, transport });
    defer(() => worker.stop());
    await until(async () => sent.length > 0 || undefined, 'the takeover');
    await worker.stop();
    expect(sent).toEqual(['crashed@example.ng']);
    const rows = await opened.db
      .selectFrom('outbox')
      .select(['id', 'recipient', 'status', 'claimed_by', 'attempts'])
      .orderBy('id')
      .execute();
    expect(rows.map(({ id: _, ...row }) => row)).toEqual([
      { recipient: 'busy@example.ng', status: 'sending', claimed_by: 'busy-worker', attempts: 1 },
      {
        recipient: 'crashed@example.ng',
        status: 'sent',
        claimed_by: expect.not.stringMatching(/^crashed-worker$/),
        attempts: 2,
      },
    ]);
    // Only the claimer records the outcome: the crashed worker, back late, cannot.
    expect(await store.markSent([rows[1]!.id], 'crashed-worker')).toEqual([]);
  });
});

describe('an SMTP relay that hangs', () => {
  it('given a relay that takes the connection and never greets should fail the send within the wait the lease allows', async () => {
    const sockets: net.Socket[] = [];
    const relay = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    defer(() => {
      for (const socket of sockets) socket.destroy();
      relay.close();
    });
    const { port } = relay.address() as net.AddressInfo;
    // A 2 s lease allows 250 ms per wait; nodemailer alone would wait 10 minutes for the greeting.
    const transport = createTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'hello@kasuwa.shop',
      dataDir: '',
      leaseMs: 2_000,
    });
    defer(() => transport.close());
    await expect(
      transport.send({ key: 'hung', to: 'ada@example.ng', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow(/Greeting never received|timeout/i);
  });
});

describe('the delivery worker on embedded SQLite', () => {
  it('given a row left sending by a crash should resume it at start, without waiting for its lease', async () => {
    const { opened } = await database('sqlite');
    await queue(opened.db, ['cut-off@example.ng']);
    const store = createOutboxStore(opened);
    expect(await store.claim('crashed-worker', 1, 3_600_000)).toHaveLength(1);
    const { transport, sent } = recordingTransport();
    const worker = startMailWorker({
      handlers: { welcome: welcomeDelivery() },
      outbox: store,
      pollMs: 20,
      soleWorker: true,
      transport,
    });
    defer(() => worker.stop());
    await until(async () => sent.length > 0 || undefined, 'the resumed e-mail');
    expect(sent).toEqual(['cut-off@example.ng']);
  });
});

/** A second connection to the same database, as another server process would have. */
async function secondHandle(fresh: Awaited<ReturnType<typeof database>>) {
  const other = await openDatabase({ dataDir: fresh.env.DATA_DIR, databaseUrl: fresh.env.DATABASE_URL });
  defer(() => other.close());
  return other;
}

/** Two workers on two connections to one database (two servers) until every queued e-mail is sent. */
async function sendWithTwoWorkers(
  fresh: Awaited<ReturnType<typeof database>>,
  options: Pick<MailWorkerOptions, 'transport' | 'claimBatch' | 'leaseMs'>,
) {
  const handles = [fresh.opened, await secondHandle(fresh)];
  const workers = handles.map((handle) =>
    startMailWorker({
      handlers: { welcome: welcomeDelivery() },
      outbox: createOutboxStore(handle),
      pollMs: 20,
      ...options,
    }),
  );
  defer(async () => {
    for (const worker of workers) await worker.stop();
  });
  await until(async () => {
    const open = await fresh.opened.db.selectFrom('outbox').select('id').where('status', '<>', 'sent').execute();
    return open.length === 0 || undefined;
  }, 'every e-mail sent');
}

describe.each(TEST_BACKENDS)('stopping the worker on %s', (backend) => {
  it('given a row being sent should finish and record it before stop() resolves, and give back the rest', async () => {
    const { opened } = await database(backend);
    await queue(opened.db, ['slow@example.ng', 'next@example.ng']);
    let sending: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      sending = resolve;
    });
    const { transport } = recordingTransport(200, () => sending());
    const worker = startMailWorker({
      handlers: { welcome: welcomeDelivery() },
      outbox: createOutboxStore(opened),
      pollMs: 20,
      transport,
    });
    await started;
    await worker.stop();
    expect(
      await opened.db.selectFrom('outbox').select(['recipient', 'status', 'attempts']).orderBy('id').execute(),
    ).toEqual([
      { recipient: 'slow@example.ng', status: 'sent', attempts: 1 },
      { recipient: 'next@example.ng', status: 'pending', attempts: 0 },
    ]);
  });
});
