/**
 * The delivery worker: sends outbox rows one at a time, inside the server process.
 *
 * Each row is claimed (status `sending`, committed) before it is sent and marked `sent` after, so a row
 * is never picked twice while the process lives; rows are claimed a batch at a time, sent one by one. After a crash, rows left in `sending` go back to
 * `pending`: the file transport sees the `.eml` already written and skips it, SMTP re-sends with the
 * same Message-ID (receivers can drop the duplicate). Failures retry with exponential backoff; a
 * permanent refusal or the last attempt marks the row `failed` with the error kept in `last_error`.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { OutboxTable } from '../db/schema.js';
import { type MailTransport, PermanentMailError } from './transport.js';
import { welcomeEmail } from './welcome.js';

export type MailWorkerOptions = {
  db: Db;
  transport: MailTransport;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
  /** How often to look for due rows when nothing wakes the worker. */
  pollMs?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  /** Rows claimed per transaction. */
  claimBatch?: number;
};

export type MailWorker = {
  /** Look for work now (called after a signup queued an e-mail). */
  wake(): void;
  /** Stops after the row being sent (if any) is finished and recorded. */
  stop(): Promise<void>;
};

type Row = Pick<Selectable<OutboxTable>, 'id' | 'idempotency_key' | 'kind' | 'recipient' | 'attempts'>;

export function retryDelayMs(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport } = options;
  const log = options.log ?? (() => {});
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

  /**
   * Claims up to `claimBatch` due rows in one transaction (one fsync for the lot; better-sqlite3
   * blocks the event loop while it syncs, so fewer commits leave more of it to signups).
   */
  async function claim(): Promise<Row[]> {
    const now = new Date().toISOString();
    return db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(claimBatch)
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('outbox')
        .set((eb) => ({ status: 'sending', claimed_at: now, attempts: eb('attempts', '+', 1) }))
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .where('status', '=', 'pending')
        .returning(['id', 'idempotency_key', 'kind', 'recipient', 'attempts'])
        .execute();
    });
  }

  /** Gives back claimed rows that stop() left unsent, as if never tried. */
  async function release(rows: Row[]) {
    if (rows.length === 0) return;
    await db
      .updateTable('outbox')
      .set((eb) => ({ status: 'pending', attempts: eb('attempts', '-', 1) }))
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .where('status', '=', 'sending')
      .execute();
  }

  async function deliver(row: Row) {
    try {
      if (row.kind !== 'welcome') throw new PermanentMailError(`unknown outbox kind "${row.kind}"`);
      await transport.send({ key: row.idempotency_key, to: row.recipient, ...welcomeEmail() });
      await db
        .updateTable('outbox')
        .set({ status: 'sent', sent_at: new Date().toISOString(), last_error: null })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentMailError || row.attempts >= maxAttempts;
      const next = new Date(Date.now() + retryDelayMs(row.attempts, baseDelayMs, maxDelayMs)).toISOString();
      await db
        .updateTable('outbox')
        .set(
          permanent
            ? { status: 'failed', last_error: message }
            : { status: 'pending', next_attempt_at: next, last_error: message },
        )
        .where('id', '=', row.id)
        .execute();
      log(permanent ? 'e-mail failed for good' : 'e-mail failed, will retry', {
        outboxId: row.id,
        attempts: row.attempts,
        error: message,
        ...(permanent ? {} : { nextAttemptAt: next }),
      });
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
    // One process owns the database: anything still `sending` was interrupted by a crash.
    const recovered = await db
      .updateTable('outbox')
      .set({ status: 'pending' })
      .where('status', '=', 'sending')
      .executeTakeFirst();
    if (recovered.numUpdatedRows > 0n) log('e-mails resumed after a crash', { rows: Number(recovered.numUpdatedRows) });
    while (!stopping) {
      woken = false;
      try {
        const rows = await claim();
        if (rows.length) {
          let sent = 0;
          while (sent < rows.length && !stopping) await deliver(rows[sent++]!);
          await release(rows.slice(sent));
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
