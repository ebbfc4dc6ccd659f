/**
 * Keeps a worker's claim on the rows of one batch while it sends and records them: renews their lease
 * every quarter of it, and knows until when (this machine's clock) the last renewal the database took
 * holds them. A renewal that fails (the database is away) leaves that time as it was.
 */
import type { OutboxStore } from './outbox-store.js';

export type KeptLease = {
  /** Until when the rows still held are certainly this worker's. */
  readonly until: number;
  /** Rows a renewal found no longer this worker's (taken over after the lease ran out). */
  readonly lost: ReadonlySet<number>;
  /** Stops renewing (a renewal under way still ends, without effect on rows recorded since). */
  stop(): void;
};

export function keepLease(options: {
  outbox: OutboxStore;
  worker: string;
  leaseMs: number;
  /** When the claim was asked for: its lease runs at least until `leaseMs` after. */
  claimedAt: number;
  /** The rows still held: claimed and neither recorded nor given back. */
  held: () => number[];
}): KeptLease {
  const { outbox, worker, leaseMs, held } = options;
  let until = options.claimedAt + leaseMs;
  const lost = new Set<number>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const renew = async () => {
    const ids = held().filter((id) => !lost.has(id));
    if (ids.length === 0) return;
    const asked = Date.now(); // the database stamps the new lease after this, so it lasts at least as long
    try {
      const kept = new Set(await outbox.renew(ids, worker, leaseMs));
      for (const id of ids) if (!kept.has(id)) lost.add(id);
      until = Math.max(until, asked + leaseMs);
    } catch {
      // The database is away: the lease runs on to `until`; the next turn tries again.
    }
  };
  const next = () => {
    timer = setTimeout(() => void renew().finally(() => stopped || next()), leaseMs / 4);
  };
  next();
  return {
    get until() {
      return until;
    },
    lost,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
