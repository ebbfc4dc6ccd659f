/**
 * The delivery worker, inside the server process: sends outbox rows, as many at once as the SMTP pool
 * has connections. Each row is claimed with a lease, kept while it is sent and recorded, and marked `sent`
 * after, only by its claimer (tried again until the database takes it), so neither a crashed worker nor a
 * database blip makes a second e-mail the receiver cannot drop. In full: docs/signups.md, "Delivery worker".
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { type KeptLease, keepLease } from './lease.js';
import type { ComposedMail, OutboxKind } from './message.js';
import type { OutboxRow, OutboxStore, SendCheck } from './outbox-store.js';
import { DEFAULT_LEASE_MS, type MailTransport, PermanentMailError, RelayMailError } from './transport.js';

/** Builds the message an outbox row of one kind stands for (welcome-delivery.ts, partners' mail). */
export type MailHandler = (row: OutboxRow) => ComposedMail | Promise<ComposedMail>;

export type MailWorkerOptions = {
  outbox: OutboxStore;
  transport: MailTransport;
  /** One handler per outbox `kind`; a row of a kind with none (an older or newer server's) fails for good. */
  handlers: Readonly<Partial<Record<OutboxKind, MailHandler>>>;
  /**
   * The suppression list's key of an inbox (server/privacy/links.ts, wired by the server): with it no
   * mail goes to an inbox on the list; without it (some tests) nothing is looked up.
   */
  inboxHash?: (recipient: string) => string;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
  /** Told of every send (metrics). */
  onAttempt?: (outcome: MailAttemptOutcome) => void;
  /** Told when a send to the transport starts; the function it returns, when that send ends (metrics). */
  onSending?: () => () => void;
  /** How often to look for due rows when nothing wakes the worker. */
  pollMs?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs (defaults: RETRY_SCHEDULE). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  /**
   * Rows claimed per transaction; by default as many as the transport sends at once (the SMTP pool's
   * connections), so a server that dies strands no more rows than it was sending, each waiting for its
   * lease to run out; 20 for a transport that does not say (.eml files).
   */
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
  /**
   * Stops after the rows being sent (if any) are finished and recorded (with the database away, tried for
   * up to 5 s), then closes the transport (its pool).
   */
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

/** Sends recorded, by `stop()`, while the database is away: tried for this long, then given up. */
const STOP_RECORD_MS = 5_000;

/** How many sent but unrecorded rows a process remembers, so as never to send them again itself. */
const SENT_HERE_LIMIT = 10_000;

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
  const lanes = Math.max(1, transport.connections ?? 1);
  const claimBatch = options.claimBatch ?? transport.connections ?? 20;
  let stopping = false;
  let stoppedAt = 0;
  /** Rows this process sent and has not seen recorded `sent` (bounded: the oldest are forgotten first). */
  const sentHere = new Set<number>();
  const rememberSent = (id: number) => {
    sentHere.add(id);
    if (sentHere.size > SENT_HERE_LIMIT) sentHere.delete(sentHere.values().next().value!);
  };
  /** From 100 ms, doubling, to at most an eighth of the lease (and 5 s): several tries within any lease. */
  const recordBackoffMs = (tries: number) => Math.max(10, Math.min(100 * 2 ** (tries - 1), leaseMs / 8, 5_000));
  let wakeUp: (() => void) | undefined;
  let woken = false;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  /**
   * The last look, right before the send (privacy): a click on the stop link after this worker claimed the
   * row (or an erasure, or a takeover) means no mail. Asked again after a backoff while the database is
   * away and `mayWait()` holds, as the record of a send is; `later` when it never answered in time, so
   * the row is given back rather than held until its lease runs out.
   */
  async function lastLook(row: OutboxRow, mayWait: () => boolean): Promise<SendCheck | 'later'> {
    const { inboxHash } = options;
    if (!inboxHash) return 'send';
    for (let tries = 1; ; tries++) {
      try {
        const check = await outbox.checkBeforeSend(row.id, worker, inboxHash(row.recipient));
        // A send starts only with half the lease left (sendBatch), however long the database was away.
        return tries > 1 && check === 'send' && !mayWait() ? 'later' : check;
      } catch (error) {
        if (!mayWait()) return 'later';
        if (tries === 1) log('could not look at an e-mail before sending, will retry', { error: String(error) });
        await new Promise((resolve) => setTimeout(resolve, recordBackoffMs(tries)));
      }
    }
  }

  /** The message a row stands for, built by the handler of its kind. */
  async function compose(row: OutboxRow): Promise<ComposedMail> {
    const handler = Object.hasOwn(options.handlers, row.kind) ? options.handlers[row.kind] : undefined;
    if (!handler) throw new PermanentMailError(`unknown outbox kind "${row.kind}"`);
    return handler(row);
  }

  /**
   * Sends one row; a failure is recorded at once (recordFailure), a success by the caller with the rest
   * of the batch (recordSent). `skipped`: its inbox asked for no more mail (the row is now `cancelled`),
   * or the row is no longer ours; `later`: the last look got no answer, so the row goes back unsent.
   */
  async function send(row: OutboxRow, mayWait: () => boolean): Promise<'sent' | 'failed' | 'skipped' | 'later'> {
    const check = await lastLook(row, mayWait);
    if (check === 'later') return 'later';
    if (check !== 'send') {
      if (check === 'suppressed') log('e-mail not sent: its inbox asked for no more mail', { outboxId: row.id });
      return 'skipped';
    }
    try {
      const mail = await compose(row);
      const ended = options.onSending?.();
      await transport.send({ key: row.idempotency_key, to: row.recipient, ...mail }).finally(ended);
      onAttempt('sent');
      return 'sent';
    } catch (error) {
      await recordFailure(row, error);
      return 'failed';
    }
  }

  /** A failed send: tried again after the backoff, or failed for good (refused, or out of attempts). */
  async function recordFailure(row: OutboxRow, error: unknown) {
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

  /** Due rows (and rows whose lease ran out), held by this worker from `claimedAt` for the lease. */
  async function claim(): Promise<{ rows: OutboxRow[]; claimedAt: number }> {
    const claimedAt = Date.now();
    return { rows: await outbox.claim(worker, claimBatch, leaseMs), claimedAt };
  }

  /** Keeps the lease on the rows `held()` answers, renewed every quarter of it, until stopped (lease.ts). */
  function renew(claimedAt: number, held: () => number[]): KeptLease {
    return keepLease({ outbox, worker, leaseMs, claimedAt, held });
  }

  /**
   * One claimed batch: sent as many at once as the transport carries, the sends recorded, the rest given
   * back. The lease is renewed meanwhile; no send starts with less than half of it left, so its SMTP waits
   * (three of an eighth of the lease at most) end before it does, even if no renewal gets through.
   */
  async function sendBatch(rows: OutboxRow[], claimedAt: number) {
    const finished = new Set<number>(); // recorded (failed, sent) or given back
    const lease = renew(claimedAt, () => rows.filter((row) => !finished.has(row.id)).map((row) => row.id));
    let tried = 0;
    let failure: unknown;
    const sent: number[] = [];
    const later: number[] = []; // looked at while the database was away: given back unsent
    const halfLeaseLeft = () => !stopping && Date.now() < lease.until - leaseMs / 2;
    const lane = async () => {
      while (tried < rows.length && failure === undefined && halfLeaseLeft()) {
        const row = rows[tried++]!;
        if (lease.lost.has(row.id)) continue; // another worker took it over: not ours to send
        if (sentHere.has(row.id)) {
          sent.push(row.id); // sent by this process before, its record lost: record it, never send again
          continue;
        }
        try {
          const outcome = await send(row, halfLeaseLeft);
          if (outcome === 'sent') {
            sent.push(row.id);
            rememberSent(row.id);
          } else if (outcome === 'later') later.push(row.id);
          else finished.add(row.id);
        } catch (error) {
          failure ??= error; // the database refused a record: stop taking rows, keep what was sent
        }
      }
    };
    try {
      // As many sends at once as the transport carries (the SMTP pool's connections).
      await Promise.all(Array.from({ length: Math.min(lanes, rows.length) }, lane));
      await recordSent(sent, lease);
      for (const id of sent) finished.add(id);
      await outbox.release([...later, ...rows.slice(tried).map((row) => row.id)], worker);
    } finally {
      lease.stop();
    }
    if (failure !== undefined) throw failure;
  }

  /**
   * Records the batch's sends in one statement, tried again after a short backoff while the database is
   * away, the lease kept meanwhile, so no other worker sends them again. Past the lease another may have
   * (with the same Message-ID); this process never does: `sentHere` keeps what it sent until recorded.
   */
  async function recordSent(ids: number[], lease: KeptLease) {
    let leaseGone = false;
    for (let tries = 1; ids.length > 0; tries++) {
      try {
        const marked = await outbox.markSent(ids, worker);
        for (const id of marked) sentHere.delete(id);
        if (marked.length < ids.length) {
          log('e-mails sent after their lease ran out', { rows: ids.length - marked.length });
        }
        if (tries > 1 && marked.length > 0) {
          log('sent e-mails recorded after the database came back', { rows: marked.length, tries });
        }
        return;
      } catch (error) {
        if (tries === 1) log('could not record sent e-mails, will retry', { rows: ids.length, error: String(error) });
        if (!leaseGone && Date.now() > lease.until) {
          leaseGone = true; // from now on another server may take these rows over
          log('lease ran out before sent e-mails were recorded; another server may send them again', {
            rows: ids.length,
          });
        }
        if (stopping && Date.now() - stoppedAt > STOP_RECORD_MS) {
          log('stopped before sent e-mails were recorded', { rows: ids.length, error: String(error) });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, recordBackoffMs(tries)));
      }
    }
  }

  async function run() {
    if (options.soleWorker) {
      const resumed = await outbox.resumeAll();
      if (resumed) log('e-mails resumed after a crash', { rows: resumed });
    }
    while (!stopping) {
      woken = false;
      try {
        const { rows, claimedAt } = await claim();
        if (rows.length) {
          await sendBatch(rows, claimedAt);
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
      stoppedAt = Date.now();
      wakeUp?.();
      await running;
      transport.close();
    },
  };
}
