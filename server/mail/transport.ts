/**
 * Where e-mail goes: SMTP through nodemailer when SMTP_URL is set, else one `.eml` file per message
 * under DATA_DIR/mail, so the default install is complete and inspectable.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailContent } from './welcome.js';

export type OutgoingMail = MailContent & { key: string; to: string };

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A failure that retrying cannot fix (the receiving server refused the address for good). */
export class PermanentMailError extends Error {}

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
 * after) gives up well within it, so a relay that hangs can never outlast the claim and let another
 * server send the same mail (nodemailer's own socket timeout is 10 minutes).
 */
export function createTransport(options: {
  smtpUrl?: string;
  mailFrom: string;
  dataDir: string;
  leaseMs?: number;
}): MailTransport {
  if (options.smtpUrl)
    return smtpTransport(options.smtpUrl, options.mailFrom, smtpWaitMs(options.leaseMs ?? DEFAULT_LEASE_MS));
  return fileTransport(path.join(options.dataDir, 'mail'), options.mailFrom);
}

/** How long a worker's claim on a mail lasts unless MAIL_LEASE_SECONDS says otherwise (the worker's default too). */
export const DEFAULT_LEASE_MS = 300_000;

/** An eighth of the lease, at most 30 s: three waits in a row still end before a claim made halfway runs out. */
const smtpWaitMs = (leaseMs: number) => Math.min(30_000, Math.floor(leaseMs / 8));

function smtpTransport(smtpUrl: string, from: string, waitMs: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: waitMs,
    greetingTimeout: waitMs,
    socketTimeout: waitMs,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await transporter.sendMail({ ...fields(mail, from) });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        // 5xx is the receiving server's final word; anything else (network, 4xx) is worth retrying.
        if (code !== undefined && code >= 500) throw new PermanentMailError(String((error as Error).message));
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

function fileTransport(dir: string, from: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
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
    headers: { 'X-Kasuwa-Idempotency-Key': mail.key },
  };
}
