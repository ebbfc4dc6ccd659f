/**
 * The delivery worker: sends outbox rows one at a time, inside the server process. Each row is claimed
 * with a lease before it is sent and marked `sent` after, only by its claimer, so a crashed worker's
 * rows are taken over (PostgreSQL) or resumed at start (SQLite) without a second e-mail the receiver
 * cannot drop. Leases, retries and crashes in full: docs/signups.md, "Delivery worker".
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { OutboxRow, OutboxStore } from './outbox-store.js';
import { DEFAULT_LEASE_MS, type MailTransport, PermanentMailError } from './transport.js';
import { welcomeEmail } from './welcome.js';

export type MailWorkerOptions = {
  outbox: OutboxStore;
  transport: MailTransport;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
  /** Told of every send (metrics). */
  onAttempt?: (outcome: MailAttemptOutcome) => void;
  /** How often to look for due rows when nothing wakes the worker. */
  pollMs?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  /** Rows claimed per transaction. */
  claimBatch?: number;
  /** How long a claim holds its rows; after that another worker may take them over. */
  leaseMs?: number;
  /**
   * The database is this process's alone (embedded SQLite): rows still `sending` at start were cut off
   * by a crash and are resumed at once instead of after their lease.
   */
  soleWorker?: boolean;
};

/** What one send of one outbox row came to: sent, failed and tried again later, or failed for good. */
export type MailAttemptOutcome = 'sent' | 'retry' | 'failed';

export type MailWorker = {
  /** Look for work now (called after a signup queued an e-mail). */
  wake(): void;
  /** Stops after the row being sent (if any) is finished and recorded. */
  stop(): Promise<void>;
};

export function retryDelayMs(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { outbox, transport } = options;
  const worker = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const log = options.log ?? (() => {});
  const onAttempt = options.onAttempt ?? (() => {});
  const pollMs = options.pollMs ?? 1000;
  const baseDelayMs = options.baseDelayMs ?? 30_000;
  const maxDelayMs = options.maxDelayMs ?? 3_600_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const claimBatch = options.claimBatch ?? 20;
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  /** Sends one row; a failure is recorded at once, a success by the caller with the rest of the batch. */
  async function deliver(row: OutboxRow): Promise<boolean> {
    try {
      if (row.kind !== 'welcome') throw new PermanentMailError(`unknown outbox kind "${row.kind}"`);
      await transport.send({ key: row.idempotency_key, to: row.recipient, ...welcomeEmail() });
      onAttempt('sent');
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentMailError || row.attempts >= maxAttempts;
      const retryInMs = permanent ? null : retryDelayMs(row.attempts, baseDelayMs, maxDelayMs);
      onAttempt(permanent ? 'failed' : 'retry');
      await outbox.markFailed(row.id, worker, { message, retryInMs });
      log(permanent ? 'e-mail failed for good' : 'e-mail failed, will retry', {
        outboxId: row.id,
        attempts: row.attempts,
        error: message,
        ...(retryInMs === null ? {} : { retryInMs }),
      });
      return false;
    }
  }

  async function idle() {
    if (woken || stopping) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeUp = undefined;
  }

  async function run() {
    if (options.soleWorker) {
      const resumed = await outbox.resumeAll();
      if (resumed) log('e-mails resumed after a crash', { rows: resumed });
    }
    while (!stopping) {
      woken = false;
      try {
        const claimedAt = Date.now();
        const rows = await outbox.claim(worker, claimBatch, leaseMs);
        if (rows.length) {
          // No send starts in the second half of the lease: a slow batch must not send a row another
          // worker may already have taken over. What is left is released and claimed again at once.
          const stopSendingAt = claimedAt + leaseMs / 2;
          let tried = 0;
          const sent: number[] = [];
          while (tried < rows.length && !stopping && Date.now() < stopSendingAt) {
            const row = rows[tried++]!;
            if (await deliver(row)) sent.push(row.id);
          }
          // One statement for the batch's sent rows. A crash before it re-sends them with the same
          // Message-ID (the file transport skips an .eml that is already there).
          const marked = await outbox.markSent(sent, worker);
          if (marked < sent.length) log('e-mails sent after their lease ran out', { rows: sent.length - marked });
          await outbox.release(
            rows.slice(tried).map((row) => row.id),
            worker,
          );
          continue;
        }
      } catch (error) {
        log('mail worker error', { error: String(error) });
      }
      await idle();
    }
  }

  const running = run();
  return {
    wake,
    async stop() {
      stopping = true;
      wakeUp?.();
      await running;
      transport.close();
    },
  };
}
