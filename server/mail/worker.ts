/**
 * The delivery worker, inside the server process: sends outbox rows, as many at once as the SMTP pool
 * has connections. Each row is claimed with a lease before it is sent and marked `sent` after, only by
 * its claimer, so a crashed worker's rows are taken over (PostgreSQL) or resumed at start (SQLite)
 * without a second e-mail the receiver cannot drop. In full: docs/signups.md, "Delivery worker".
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { OutboxRow, OutboxStore } from './outbox-store.js';
import { DEFAULT_LEASE_MS, type MailTransport, PermanentMailError, RelayMailError } from './transport.js';
import { welcomeEmail } from './welcome.js';

export type MailWorkerOptions = {
  outbox: OutboxStore;
  transport: MailTransport;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
  /** Told of every send (metrics). */
  onAttempt?: (outcome: MailAttemptOutcome) => void;
  /** How often to look for due rows when nothing wakes the worker. */
  pollMs?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs (defaults: RETRY_SCHEDULE). */
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
  /** Stops after the rows being sent (if any) are finished and recorded, then closes the transport (its pool). */
  stop(): Promise<void>;
};

export function retryDelayMs(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * 1 min doubling to 4 h, 20 attempts: the last one comes 48 h 15 min after the first, so mail to a relay
 * or a mailbox that is down for up to two days still goes out (docs/signups.md, "Retries and refusals").
 */
export const RETRY_SCHEDULE = { baseDelayMs: 60_000, maxDelayMs: 4 * 3_600_000, maxAttempts: 20 } as const;

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { outbox, transport } = options;
  const worker = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const log = options.log ?? (() => {});
  const onAttempt = options.onAttempt ?? (() => {});
  const pollMs = options.pollMs ?? 1000;
  const baseDelayMs = options.baseDelayMs ?? RETRY_SCHEDULE.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? RETRY_SCHEDULE.maxDelayMs;
  const maxAttempts = options.maxAttempts ?? RETRY_SCHEDULE.maxAttempts;
  const claimBatch = options.claimBatch ?? 20;
  const lanes = Math.max(1, transport.connections ?? 1);
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
      // A relay problem (down, refusing our sender or our login) is not this recipient's: say so.
      const relay = error instanceof RelayMailError;
      const what = relay ? 'SMTP relay problem: e-mail' : 'e-mail';
      log(permanent ? `${what} failed for good` : `${what} failed, will retry`, {
        ...(relay ? { relay: true } : {}),
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
          let failure: unknown;
          const sent: number[] = [];
          // As many sends at once as the transport carries (the SMTP pool's connections).
          const lane = async () => {
            while (tried < rows.length && !stopping && failure === undefined && Date.now() < stopSendingAt) {
              const row = rows[tried++]!;
              try {
                if (await deliver(row)) sent.push(row.id);
              } catch (error) {
                failure ??= error; // the database refused a record: stop taking rows, keep what was sent
              }
            }
          };
          await Promise.all(Array.from({ length: Math.min(lanes, rows.length) }, lane));
          // One statement for the batch's sent rows. A crash before it re-sends them with the same
          // Message-ID (the file transport skips an .eml that is already there).
          const marked = await outbox.markSent(sent, worker);
          if (marked < sent.length) log('e-mails sent after their lease ran out', { rows: sent.length - marked });
          await outbox.release(
            rows.slice(tried).map((row) => row.id),
            worker,
          );
          if (failure !== undefined) throw failure;
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
