/**
 * getStoreLeaderboard (DESIGN.md §5), answered from memory. The store is found by its normalised host
 * in the StoreDirectory; its rank and the revenue to beat come from the RankIndex. Both are loaded from
 * SQLite in one read and follow the contest_changes log (polled every second, and refreshed at once
 * after intake in this process), so a sale or a store change accepted anywhere shows here within seconds.
 *
 * The lookup is the hot path (targets: p99 ≤ 50 µs in-process, and HTTP throughput ≥ 60% of an empty
 * GraphQL query, at a million stores), so it never queries SQLite.
 */
import type SQLite from 'better-sqlite3';
import type { StoreLeaderboard } from '../../common/campaign.js';
import type { Campaign } from '../config.js';
import { normalizeDomain } from './domain.js';
import { STORE_NOT_FOUND_MESSAGE, UserFacingError } from './errors.js';
import { ensureStandings, lastChangeSeq, prunedThrough, type ReloadScope } from './intake.js';
import { koboToNaira, standingFor } from './leaderboard.js';
import { RankIndex } from './rank-index.js';
import { type DirectoryStore, StoreDirectory } from './store-directory.js';

export type { StoreLeaderboard };

/** seq, store_key (null on a reload row), revenue_kobo, reload */
type ChangeRow = [number, number | null, number, ReloadScope | null];
/** store_key, revenue_kobo, opted_in, domain, custom_domain, id, name, logo_url */
type StoreRow = [number, number, number, string, string | null, string, string | null, string | null];

const SELECT_STORES = `SELECT c.store_key, c.revenue_kobo, s.opted_in, s.domain, s.custom_domain, s.id, s.name, s.logo_url
  FROM contest_standings c JOIN stores s ON s.id = c.store_id`;

export const POLL_INTERVAL_MS = 1000;
const RELOAD_PAGE = 10_000;

const toDirectoryStore = (row: StoreRow): DirectoryStore => ({
  key: row[0],
  optedIn: row[2] !== 0,
  domain: row[3],
  customDomain: row[4],
  id: row[5],
  name: row[6],
  logo: row[7],
});

/** The rows of a statement taking "after this key" (its first column), page by page. */
function* pages<Row extends [number, ...unknown[]]>(page: SQLite.Statement): Generator<Row> {
  let after = 0;
  while (true) {
    const rows = page.all(after) as Row[];
    yield* rows;
    if (rows.length < RELOAD_PAGE) return;
    after = (rows[rows.length - 1] as Row)[0];
  }
}

export class ContestBoard {
  readonly index = new RankIndex();
  private directory = new StoreDirectory();
  private lastSeq = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly storeByKey: SQLite.Statement;
  private readonly changesSince: SQLite.Statement;

  constructor(
    private readonly sqlite: SQLite.Database,
    campaign: Campaign,
  ) {
    ensureStandings(sqlite, campaign);
    this.storeByKey = sqlite.prepare(`${SELECT_STORES} WHERE c.store_key = ?`).raw();
    this.changesSince = sqlite
      .prepare('SELECT seq, store_key, revenue_kobo, reload FROM contest_changes WHERE seq > ? ORDER BY seq')
      .raw();
    this.inSnapshot(() => this.startOver());
  }

  /**
   * Applies what other writers (or this process) logged since the last look, all read in one snapshot:
   * the new counted revenues, and each logged store's details read again (a sale, a new store, a rename,
   * a new domain or an opt-out all log the store's key). A reload row reloads the revenues, or everything.
   * The last applied row moves only after the work is done, so a failed refresh is retried whole.
   */
  refresh(): void {
    this.inSnapshot(() => {
      // Rows this process never applied were pruned (it fell far behind): start over.
      if (this.lastSeq < prunedThrough(this.sqlite)) return this.startOver();
      const rows = this.changesSince.all(this.lastSeq) as ChangeRow[];
      if (rows.length === 0) return;
      const reloads = rows.filter((row) => row[1] === null).map((row) => row[3] ?? 'everything');
      if (reloads.includes('everything')) return this.startOver();
      const changes = rows.filter((row) => row[1] !== null) as [number, number, number, null][];
      // Details first: reloading revenues takes opt-ins from the directory.
      for (const key of new Set(changes.map((row) => row[1]))) {
        const row = this.storeByKey.get(key) as StoreRow | undefined;
        if (row) this.directory.set(toDirectoryStore(row));
      }
      if (reloads.length > 0) this.reloadRevenues();
      else this.index.apply(changes.map((row) => [row[1], row[2]] as const));
      this.lastSeq = (rows[rows.length - 1] as ChangeRow)[0];
    });
  }

  /** Everything read again, up to the newest log row. Inside a snapshot. */
  private startOver(): void {
    this.reloadEverything();
    this.lastSeq = lastChangeSeq(this.sqlite);
  }

  /** Every store, details and counted revenue, read again in pages of store keys: ~2.5 s at a million. */
  private reloadEverything(): void {
    const page = this.sqlite
      .prepare(`${SELECT_STORES} WHERE c.store_key > ? ORDER BY c.store_key LIMIT ${RELOAD_PAGE}`)
      .raw();
    // Rebuilt in place, not beside the old one: lookups wait for this synchronous reload anyway, and a
    // second copy would double the memory at a million stores.
    this.directory = new StoreDirectory();
    const directory = this.directory;
    this.index.load(
      (function* () {
        for (const row of pages<StoreRow>(page)) {
          directory.set(toDirectoryStore(row));
          yield [row[0], row[2] ? row[1] : 0] as const;
        }
      })(),
    );
  }

  /** Counted revenues only (after a bulk sales import), with opt-ins from the directory: ~0.5 s at a million. */
  private reloadRevenues(): void {
    const page = this.sqlite
      .prepare(
        `SELECT store_key, revenue_kobo FROM contest_standings WHERE store_key > ? AND revenue_kobo > 0
         ORDER BY store_key LIMIT ${RELOAD_PAGE}`,
      )
      .raw();
    const directory = this.directory;
    this.index.load(
      (function* () {
        for (const [key, kobo] of pages<[number, number]>(page)) if (directory.optedIn(key)) yield [key, kobo] as const;
      })(),
    );
  }

  /** Runs reads in one read transaction, so the log and the tables agree. */
  private inSnapshot(read: () => void): void {
    this.sqlite.transaction(read).deferred();
  }

  /** Stores known to the lookup, and the bytes their directory holds. */
  get stores(): { count: number; bytes: number } {
    return { count: this.directory.size, bytes: this.directory.bytes };
  }

  start(intervalMs = POLL_INTERVAL_MS): void {
    this.stop();
    this.timer = setInterval(() => {
      try {
        this.refresh();
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', msg: 'rank index refresh failed', error: String(error) }));
      }
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
    if (!store?.optedIn) throw new UserFacingError('STORE_NOT_FOUND', STORE_NOT_FOUND_MESSAGE);
    const own = this.index.revenueOf(store.key);
    const standing = standingFor(own, this.index.countAbove(own), (place) => this.index.revenueAtPlace(place));
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
