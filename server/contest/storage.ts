/**
 * The contest's storage behind one small interface, with a SQLite and a PostgreSQL implementation
 * (docs/contest.md): intake (stores and sales, all or nothing), the standings (counted revenue per
 * store), and the change log the in-memory rank index follows. The rules live in intake-rules.ts, once.
 */
import type { Campaign } from '../../common/campaign.js';
import type { Progress, ReloadScope, SalesSummary, StoresSummary } from './intake-rules.js';
import type { Parsed, SaleRow, StoreRow } from './parse.js';
import { isInWindow } from './sale-counting.js';

/** One store as the board loads it: a labelled tuple, not an object, since a reload reads a million. */
export type StoreRecord = [
  key: number,
  revenueKobo: number,
  optedIn: boolean,
  domain: string,
  customDomain: string | null,
  id: string,
  name: string | null,
  logo: string | null,
];

/** The revenue a store ranks with: its counted revenue when it opted in, else none. */
export const rankedRevenue = ([, revenueKobo, optedIn]: StoreRecord): number => (optedIn ? revenueKobo : 0);

/**
 * What the change log holds after a cursor: the stores to read again, any reload rows, and how many of
 * the visible rows are not settled yet (an older transaction is still open, so the cursor cannot pass
 * them; PostgreSQL only, always 0 on SQLite).
 */
export type ChangeBatch = { keys: number[]; reloads: ReloadScope[]; cursor: number; unsettled: number };

/** Reads inside one snapshot, so the log and the tables agree. */
export interface ContestSnapshot {
  /** Every store, in batches. */
  allStores(): AsyncIterable<StoreRecord[]>;
  /** [key, counted revenue] of every store with revenue > 0, in batches. */
  allRevenues(): AsyncIterable<[number, number][]>;
  storesByKey(keys: readonly number[]): Promise<StoreRecord[]>;
  /** What was logged at or after `cursor` and is visible in this snapshot, and the cursor to ask next. */
  changesSince(cursor: number): Promise<ChangeBatch>;
  /** The cursor after everything visible in this snapshot. */
  cursor(): Promise<number>;
  /** A cursor below this has missed rows that pruning deleted: reload everything. */
  prunedBefore(): Promise<number>;
}

export interface ContestStorage {
  readonly backend: 'sqlite' | 'postgres';
  /** Every store has a standings row computed for this window; recomputed when the window changed. */
  ensureStandings(campaign: Campaign): Promise<void>;
  /** Throws IntakeRejected (nothing applied) when any line is bad. */
  importSales(campaign: Campaign, input: Iterable<Parsed<SaleRow>>, onProgress?: Progress): Promise<SalesSummary>;
  importStores(input: Iterable<Parsed<StoreRow>>, onProgress?: Progress): Promise<StoresSummary>;
  /** For a process about to import a large file (the CLI, the benchmark). */
  prepareBulkImport(): void;
  snapshot<T>(read: (snapshot: ContestSnapshot) => Promise<T>): Promise<T>;
  storeCount(): Promise<number>;
  /** Deletes log rows older than the newest `keep` (intake calls it; exposed for tests). */
  pruneChanges(keep?: number): Promise<void>;
}

/**
 * The database stayed locked by another writer past the wait limit (a large import holds it):
 * nothing was applied; POST /ingest/sales answers 503 with Retry-After.
 */
export class ContestBusy extends Error {
  constructor(cause: unknown) {
    super('The database is busy with another import; nothing was applied.', { cause });
  }
}

/** How long intake waits for a lock another writer holds before answering ContestBusy. */
export const LOCK_WAIT_MS = 5000;
/**
 * Bounds on an intake transaction (PostgreSQL; docs/operations.md "Change feed"): an open writing
 * transaction holds back every server's change feed, so none may sit idle or run a statement for long.
 * A bulk import (above BULK_CHANGE lines) gets no statement bound: its one UPDATE of a million standings
 * is legitimately long, and it logs a single reload row.
 */
export const INTAKE_IDLE_TIMEOUT_MS = 30_000;
export const INTAKE_STATEMENT_TIMEOUT_MS = 30_000;

/** The meta key holding the last change log position deleted by pruning. */
export const PRUNED_THROUGH = 'changes_pruned_through';
/** The meta key holding the window the standings were computed for. */
export const STANDINGS_WINDOW = 'window';
export const windowKey = (campaign: Campaign) => `${campaign.startsAt}/${campaign.endsAt}`;
export const inWindowOf = (campaign: Campaign) => (paidAt: string) => isInWindow(paidAt, campaign);
