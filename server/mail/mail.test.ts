/**
 * Delivery end to end: a signup over HTTP reaches a real SMTP server on loopback (smtp-server), or
 * becomes an .eml file under DATA_DIR/mail when SMTP_URL is unset; refusals are retried or recorded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { brand } from '../../common/brand.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { startServer } from '../server.js';
import { createTransport } from './transport.js';
import { startMailWorker } from './worker.js';

type Received = { from: string; to: string[]; raw: string };
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-mail-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A receiving SMTP server on loopback; `refuse` answers RCPT TO with that code. */
async function smtpReceiver(refuse?: number) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuse) return callback();
      const error = Object.assign(new Error(`mailbox ${address.address} refused`), { responseCode: refuse });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { received, url: `smtp://127.0.0.1:${port}` };
}

/** Undo quoted-printable soft line breaks and escapes, enough to search the bodies for text. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function until<T>(check: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function signUp(base: string, email: string) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($data: StartSellingInput!) { startSelling(data: $data) { success } }',
      variables: { data: { email } },
    }),
  });
  return response.json();
}

async function server(env: Record<string, string>) {
  const running = await startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test', DEMO_DATA: 'off', ...env }),
  );
  cleanups.push(() => running.close());
  return `http://127.0.0.1:${running.port}`;
}

describe('the welcome e-mail', () => {
  it('given SMTP_URL should deliver through SMTP with text and HTML bodies and both store links', async () => {
    const smtp = await smtpReceiver();
    const base = await server({ DATA_DIR: tempDir(), SMTP_URL: smtp.url, MAIL_FROM: 'Kasuwa <hello@kasuwa.shop>' });
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
    const dataDir = tempDir();
    const base = await server({ DATA_DIR: dataDir });
    await signUp(base, 'tobi@example.ng');
    await signUp(base, 'tobi@example.ng'); // a repeat within 24 hours sends nothing more
    const mailDir = path.join(dataDir, 'mail');
    const files = await until(() => {
      const list = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
      return list.length ? list : undefined;
    }, 'the .eml file');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'))).toEqual(files);
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(mailDir, files[0]!), 'utf8');
    expect(raw).toMatch(/^To: tobi@example\.ng$/m);
    expect(decoded(raw)).toContain(brand.links.appStore);
  });
});

describe('the delivery worker', () => {
  async function workerAgainst(smtpUrl: string) {
    const dataDir = tempDir();
    const opened = openDatabase(dataDir);
    await migrateToLatest(opened.db as never);
    cleanups.push(() => opened.db.destroy());
    opened.sqlite
      .prepare(
        `INSERT INTO outbox (idempotency_key, kind, recipient, payload, status, attempts, next_attempt_at, created_at)
         VALUES ('key-1', 'welcome', 'gone@example.ng', '{}', 'pending', 0, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
      )
      .run();
    const worker = startMailWorker({
      db: opened.db,
      transport: createTransport({ smtpUrl, mailFrom: 'hello@kasuwa.shop', dataDir }),
      baseDelayMs: 60_000,
      pollMs: 20,
    });
    cleanups.push(() => worker.stop());
    const row = () =>
      opened.sqlite.prepare('SELECT status, attempts, next_attempt_at, last_error FROM outbox').get() as {
        status: string;
        attempts: number;
        next_attempt_at: string;
        last_error: string | null;
      };
    return { row };
  }

  it('given a permanent refusal (5xx) should record the row as failed with the error', async () => {
    const smtp = await smtpReceiver(550);
    const { row } = await workerAgainst(smtp.url);
    const failed = await until(() => (row().status === 'failed' ? row() : undefined), 'the failure');
    expect(failed).toMatchObject({ attempts: 1, last_error: expect.stringContaining('refused') });
  });

  it('given a temporary refusal (4xx) should keep the row pending and retry after a backoff', async () => {
    const smtp = await smtpReceiver(451);
    const { row } = await workerAgainst(smtp.url);
    const retried = await until(
      () => (row().attempts === 1 && row().status === 'pending' ? row() : undefined),
      'retry',
    );
    expect(Date.parse(retried.next_attempt_at) - Date.now()).toBeGreaterThan(50_000);
    expect(retried.last_error).toContain('refused');
  });
});

describe('stopping the worker', () => {
  it('given a row being sent should finish and record it before stop() resolves, and give back the rest', async () => {
    const dataDir = tempDir();
    const opened = openDatabase(dataDir);
    await migrateToLatest(opened.db as never);
    cleanups.push(() => opened.db.destroy());
    opened.sqlite
      .prepare(
        `INSERT INTO outbox (idempotency_key, kind, recipient, payload, status, attempts, next_attempt_at, created_at)
         VALUES ('key-slow', 'welcome', 'slow@example.ng', '{}', 'pending', 0, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
                ('key-next', 'welcome', 'next@example.ng', '{}', 'pending', 0, '2026-01-01T00:00:01Z', '2026-01-01T00:00:00Z')`,
      )
      .run();
    let sending: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      sending = resolve;
    });
    const worker = startMailWorker({
      db: opened.db,
      pollMs: 20,
      transport: {
        kind: 'file',
        async send() {
          sending();
          await new Promise((resolve) => setTimeout(resolve, 200));
        },
        close() {},
      },
    });
    await started;
    await worker.stop();
    expect(opened.sqlite.prepare('SELECT recipient, status, attempts FROM outbox ORDER BY id').all()).toEqual([
      { recipient: 'slow@example.ng', status: 'sent', attempts: 1 },
      { recipient: 'next@example.ng', status: 'pending', attempts: 0 },
    ]);
  });
});
