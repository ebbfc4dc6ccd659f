/**
 * Where e-mail goes: SMTP through one pooled nodemailer transport per process when SMTP_URL is set,
 * else one `.eml` file per message under DATA_DIR/mail, so the default install is complete and
 * inspectable. Which SMTP refusals are the recipient's and which the relay's is decided here.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { ComposedMail } from './message.js';

export type OutgoingMail = ComposedMail & { key: string; to: string };

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  /** How many sends it carries at once (the pool's connections); the worker sends that many in parallel. */
  readonly connections?: number;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * A DKIM key every message is signed with, in nodemailer's words (d=, s= and the PEM): the same option for
 * SMTP and for .eml files, so a file shows exactly what a relay would receive.
 */
export type DkimSigning = { domainName: string; keySelector: string; privateKey: string };

/** A failure that retrying cannot fix (the receiving server refused the address for good). */
export class PermanentMailError extends Error {}

/**
 * The relay itself refused or failed (greeting, EHLO, authentication, our sender at MAIL FROM, the
 * connection): nothing about this recipient, so the mail is retried whatever the code, even 5xx.
 */
export class RelayMailError extends Error {}

/**
 * Every message carries its outbox idempotency key as Message-ID (and, for files, as the file name):
 * a re-send after a crash between "sent" and "marked sent" is dropped for files and dedupable for SMTP.
 */
export function messageId(key: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${key}@${domain}>`;
}

/**
 * `leaseMs` is how long a worker's claim on a mail lasts: each SMTP wait (connect, greeting, any silence
 * after) gives up well within it, and a whole send is cut off after three of them, so a relay that hangs
 * or trickles can never outlast the claim and let another server send the same mail (nodemailer's own
 * socket timeout is 10 minutes). `pool: false` opens one connection per message (the bench compares).
 */
export function createTransport(options: {
  smtpUrl?: string;
  mailFrom: string;
  dataDir: string;
  leaseMs?: number;
  pool?: boolean;
  dkim?: DkimSigning;
}): MailTransport {
  if (options.smtpUrl) {
    const waitMs = smtpWaitMs(options.leaseMs ?? DEFAULT_LEASE_MS);
    return smtpTransport(options.smtpUrl, options.mailFrom, waitMs, options.pool ?? true, options.dkim);
  }
  return fileTransport(path.join(options.dataDir, 'mail'), options.mailFrom, options.dkim);
}

/** Which transport createTransport makes of `options`: SMTP when SMTP_URL is set, `.eml` files otherwise. */
export const transportKindOf = (options: { smtpUrl?: string | undefined }): MailTransport['kind'] =>
  options.smtpUrl ? 'smtp' : 'file';

/**
 * The longest one SMTP wait lasts: a relay that has not greeted or answered in 10 s is hung, and its send
 * should fail (counted, retried after the backoff). At 30 s, a relay hung for 30 s was cut loose before any
 * wait ran out, its sends re-queued by the pool and never counted (docs/benchmarks.md, "Chaos").
 */
export const SMTP_WAIT_MAX_MS = 10_000;

/**
 * How long a worker's claim on a mail lasts unless MAIL_LEASE_SECONDS says otherwise (the worker's default
 * too): 80 s, the shortest whose eighth is the whole SMTP wait. The worker renews it every quarter while
 * it sends, so it only bounds how long the mails of a server that died wait before another sends them; at
 * 5 minutes they outwaited KasuwaMailOldestUnsent (docs/benchmarks.md, "Chaos").
 */
export const DEFAULT_LEASE_MS = 8 * SMTP_WAIT_MAX_MS;

/** An eighth of the lease, at most 10 s: three waits in a row still end before a claim made halfway runs out. */
const smtpWaitMs = (leaseMs: number) => Math.min(SMTP_WAIT_MAX_MS, Math.floor(leaseMs / 8));

/** Pooled SMTP: a few connections kept open and reused, each for this many messages before a fresh one. */
export const SMTP_POOL = { maxConnections: 3, maxMessages: 100 } as const;

/** Commands whose 5xx answer is about this recipient or this message; any other 5xx is the relay's. */
const RECIPIENT_COMMANDS = new Set(['RCPT TO', 'DATA']);

function smtpTransport(
  smtpUrl: string,
  from: string,
  waitMs: number,
  pool: boolean,
  dkim: DkimSigning | undefined,
): MailTransport {
  const timeouts = { connectionTimeout: waitMs, greetingTimeout: waitMs, socketTimeout: waitMs };
  const transporter = pool
    ? nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        ...SMTP_POOL,
        // A connection dropped while idle is tried once more on a fresh one; idle ones are quit before
        // the socket timeout would cut them.
        maxRequeues: 1,
        idleTimeout: Math.floor(waitMs / 2),
        ...timeouts,
        dkim,
      })
    : nodemailer.createTransport({ url: smtpUrl, ...timeouts, dkim });
  return {
    kind: 'smtp',
    connections: pool ? SMTP_POOL.maxConnections : 1,
    async send(mail) {
      try {
        await transporter.sendMail({ ...fields(mail, from), signal: AbortSignal.timeout(3 * waitMs) });
      } catch (error) {
        throw classify(error as Error & { responseCode?: number; command?: string });
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * 5xx to RCPT TO or after DATA: this recipient is refused for good (503, "bad sequence", is the session's
 * state, not a verdict). Anything about the relay, whatever its code, and any 4xx: retry.
 */
function classify(error: Error & { responseCode?: number; command?: string }): Error {
  const code = error.responseCode;
  const aboutRecipient = error.command !== undefined && RECIPIENT_COMMANDS.has(error.command);
  const final = code !== undefined && code >= 500 && code !== 503;
  if (final && aboutRecipient) return new PermanentMailError(error.message);
  if (aboutRecipient) return error; // a 4xx try-later from the recipient's side
  return new RelayMailError(error.message);
}

function fileTransport(dir: string, from: string, dkim: DkimSigning | undefined): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', dkim });
  return {
    kind: 'file',
    async send(mail) {
      const file = path.join(dir, `${mail.key}.eml`);
      if (fs.existsSync(file)) return; // sent before a crash; the rename below makes existence mean complete
      const info = await builder.sendMail(fields(mail, from));
      // Async file I/O: the fsync runs on libuv's pool, not on the event loop that answers signups.
      // A welcome mail holds an address: the server user's alone, as the database is.
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      const temp = `${file}.tmp`;
      const handle = await fs.promises.open(temp, 'w', 0o600);
      try {
        await handle.writeFile(info.message as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temp, file);
    },
    close() {},
  };
}

function fields(mail: OutgoingMail, from: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageId(mail.key, from),
    headers: {
      'X-Kasuwa-Idempotency-Key': mail.key,
      ...(mail.language ? { 'Content-Language': mail.language } : {}),
      ...mail.headers,
    },
  };
}
