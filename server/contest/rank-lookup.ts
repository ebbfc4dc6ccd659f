/**
 * getStoreLeaderboard (docs/contest.md), answered from memory: the store by its normalised host in the
 * StoreDirectory, its rank and the revenue to beat from the RankIndex. Both are loaded from the database
 * in one snapshot and follow the contest_changes log (polled every second, and refreshed at once after
 * intake in this process), so a sale or a store change accepted anywhere shows here within seconds.
 */
import type { Campaign } from '../../common/campaign.js';
import type { StoreLeaderboard } from '../../common/leaderboard.js';
import { STORE_NOT_FOUND_MESSAGE } from '../../common/messages.js';
import { UserFacingError } from '../errors.js';
import { normalizeDomain } from './domain.js';
import { RankIndex } from './rank-index.js';
import { koboToNaira, standingFor } from './ranking-rules.js';
import { type ContestSnapshot, type ContestStorage, rankedRevenue, type StoreRecord } from './storage.js';
import { type DirectoryStore, StoreDirectory } from './store-directory.js';

export type { StoreLeaderboard };

export const POLL_INTERVAL_MS = 1000;

/** A lookup before the first load finished (the server answers 503 on /readyz meanwhile). */
export class ContestNotReady extends Error {
  constructor() {
    super('The contest standings are still loading');
  }
}

/** How the board follows the change log, for /metrics (docs/operations.md "Change feed"). */
export type FeedState = {
  /** Seconds since a refresh last applied the log (0 before the first load). */
  secondsSinceApplied: number;
  /** Visible log rows the last refresh could not settle: an older writing transaction is still open. */
  unsettledChanges: number;
  /** Seconds the log's horizon has been held back by that transaction, as this board saw it; 0 if none. */
  unsettledSeconds: number;
  /** Full reloads (everything) and revenue reloads done, the initial load included. */
  reloads: { everything: number; revenues: number };
  /** Refreshes that failed (the next poll retries them whole). */
  failures: number;
};

/** Lets timers and I/O run between pages of a reload, so requests are answered meanwhile. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const toDirectoryStore = ([key, , optedIn, domain, customDomain, id, name, logo]: StoreRecord): DirectoryStore => ({
  key,
  optedIn,
  domain,
  customDomain,
  id,
  name,
  logo,
});

/**
 * The lookup is the hot path (targets: p99 ≤ 50 µs in-process, and HTTP throughput ≥ 60% of an empty
 * GraphQL query, at a million stores), so it never queries the database. A full reload builds the new
 * rank index and directory aside, yielding to the event loop between pages, and swaps them in whole, so
 * lookups keep answering from the old ones meanwhile (docs/operations.md "Reloads").
 */
export class RankLookup {
  private rankIndex = new RankIndex();
  private directory = new StoreDirectory();
  private loaded = false;
  /** Change log rows before this position are applied. */
  private cursor = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The refresh under way, so two callers never apply the same rows twice. */
  private refreshing: Promise<void> | undefined;
  private appliedAt: number | undefined;
  private unsettled = { changes: 0, cursor: -1, since: 0 };
  private readonly counts = { everything: 0, revenues: 0, failures: 0 };

  private constructor(private readonly storage: ContestStorage) {}

  /** Standings made current for this window, then every store loaded in one snapshot. */
  static async load(storage: ContestStorage, campaign: Campaign): Promise<RankLookup> {
    const board = RankLookup.empty(storage);
    await board.loadStandings(campaign);
    return board;
  }

  /** A board that is not ready (lookups throw ContestNotReady) until loadStandings() finished. */
  static empty(storage: ContestStorage): RankLookup {
    return new RankLookup(storage);
  }

  async loadStandings(campaign: Campaign): Promise<void> {
    await this.storage.ensureStandings(campaign);
    await this.storage.snapshot((snapshot) => this.startOver(snapshot));
    this.appliedAt = Date.now();
    this.loaded = true;
  }

  /** Whether the rank index and the store directory are loaded. */
  get ready(): boolean {
    return this.loaded;
  }

  get index(): RankIndex {
    return this.rankIndex;
  }

  get feed(): FeedState {
    const now = Date.now();
    return {
      secondsSinceApplied: this.appliedAt === undefined ? 0 : (now - this.appliedAt) / 1000,
      unsettledChanges: this.unsettled.changes,
      unsettledSeconds: this.unsettled.changes > 0 ? (now - this.unsettled.since) / 1000 : 0,
      reloads: { everything: this.counts.everything, revenues: this.counts.revenues },
      failures: this.counts.failures,
    };
  }

  /**
   * Applies what other writers (or this process) logged since the last look, all read in one snapshot:
   * the log names the stores that changed (a sale, a new store, a rename, a new domain, an opt-out) and
   * their revenue and details are read again, so applying the log never moves a revenue backwards. A
   * reload row reloads the revenues, or everything. The cursor moves only after the work is done, so a
   * failed refresh is retried whole.
   */
  refresh(): Promise<void> {
    // A caller arriving during a refresh waits for the next one: it may have committed after that one's snapshot.
    const next = (this.refreshing ?? Promise.resolve())
      .catch(() => {})
      .then(() => this.storage.snapshot((snapshot) => this.applyChanges(snapshot)))
      .then(
        () => {
          this.appliedAt = Date.now();
        },
        (error: unknown) => {
          this.counts.failures += 1;
          throw error;
        },
      );
    const tracked = next.finally(() => {
      if (this.refreshing === tracked) this.refreshing = undefined;
    });
    this.refreshing = tracked;
    return tracked;
  }

  private async applyChanges(snapshot: ContestSnapshot): Promise<void> {
    // Rows this process never applied were pruned (it fell far behind): start over.
    if (this.cursor < (await snapshot.prunedBefore())) return this.startOver(snapshot);
    const batch = await snapshot.changesSince(this.cursor);
    this.noteUnsettled(batch.unsettled, batch.cursor);
    if (batch.keys.length === 0 && batch.reloads.length === 0) {
      this.cursor = batch.cursor;
      return;
    }
    if (batch.reloads.includes('everything')) return this.startOver(snapshot);
    const stores = await snapshot.storesByKey([...new Set(batch.keys)]);
    // Details first: reloading revenues takes opt-ins from the directory.
    for (const row of stores) this.directory.set(toDirectoryStore(row));
    if (batch.reloads.length > 0) await this.reloadRevenues(snapshot);
    else this.index.apply(stores.map((row) => [row[0], rankedRevenue(row)] as const));
    this.cursor = batch.cursor;
  }

  /** The horizon held at one cursor with rows waiting: since when this board has seen it so. */
  private noteUnsettled(changes: number, cursor: number): void {
    if (changes > 0 && this.unsettled.changes > 0 && this.unsettled.cursor === cursor) {
      this.unsettled.changes = changes;
      return;
    }
    this.unsettled = { changes, cursor, since: Date.now() };
  }

  /** Everything read again, up to the newest log row. Inside a snapshot. */
  private async startOver(snapshot: ContestSnapshot): Promise<void> {
    const cursor = await snapshot.cursor();
    await this.reloadEverything(snapshot);
    this.cursor = cursor;
  }

  /**
   * Every store, details and counted revenue, read again into a new directory and index (~2.5 s at a
   * million), then swapped in. Both copies live meanwhile: the memory peak of a reload is about twice
   * the directory and the index (docs/operations.md "Reloads").
   */
  private async reloadEverything(snapshot: ContestSnapshot): Promise<void> {
    const directory = new StoreDirectory();
    const index = new RankIndex(this.rankIndex.capacity);
    for await (const rows of snapshot.allStores()) {
      for (const row of rows) {
        directory.set(toDirectoryStore(row));
        const [key, revenueKobo, optedIn] = row;
        if (optedIn) index.add(key, revenueKobo);
      }
      await yieldToEventLoop();
    }
    index.rebuild();
    this.directory = directory;
    this.rankIndex = index;
    this.counts.everything += 1;
  }

  /** Counted revenues only (after a bulk sales import), with opt-ins from the directory, into a new index: ~0.5 s at a million. */
  private async reloadRevenues(snapshot: ContestSnapshot): Promise<void> {
    const index = new RankIndex(this.rankIndex.capacity);
    for await (const rows of snapshot.allRevenues()) {
      for (const [key, kobo] of rows) if (this.directory.optedIn(key)) index.add(key, kobo);
      await yieldToEventLoop();
    }
    index.rebuild();
    this.rankIndex = index;
    this.counts.revenues += 1;
  }

  /** Stores known to the lookup, and the bytes their directory holds. */
  get stores(): { count: number; bytes: number } {
    return { count: this.directory.size, bytes: this.directory.bytes };
  }

  start(intervalMs = POLL_INTERVAL_MS): void {
    this.stop();
    this.timer = setInterval(() => {
      // Skipped while one is under way: a slow reload must not pile up polls behind it.
      if (this.refreshing) return;
      this.refresh().catch((error) => {
        console.error(JSON.stringify({ level: 'error', msg: 'rank index refresh failed', error: String(error) }));
      });
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The store's standing; throws BAD_USER_INPUT for an empty domain, STORE_NOT_FOUND otherwise. */
  lookup(domainInput: string): StoreLeaderboard {
    if (typeof domainInput !== 'string' || domainInput.trim() === '') {
      throw new UserFacingError('BAD_USER_INPUT', 'Required');
    }
    const host = normalizeDomain(domainInput);
    const store = host ? this.directory.find(host) : undefined;
    if (!store?.optedIn) {
      if (!this.loaded) throw new ContestNotReady();
      throw new UserFacingError('STORE_NOT_FOUND', STORE_NOT_FOUND_MESSAGE);
    }
    const index = this.rankIndex;
    const own = index.revenueOf(store.key);
    const standing = standingFor(own, index.countAbove(own), (place) => index.revenueAtPlace(place));
    return {
      storeId: store.id,
      name: store.name,
      logo: store.logo,
      rank: standing.rank,
      totalRevenue: koboToNaira(standing.totalRevenueKobo),
      winningRevenue: koboToNaira(standing.winningRevenueKobo),
      revenueToWin: koboToNaira(standing.revenueToWinKobo),
    };
  }
}
