/**
 * getStoreLeaderboard (DESIGN.md §5) on the rank index. The store is found by its normalised domain
 * with one indexed query; its rank and the revenue to beat come from the in-memory RankIndex, which
 * follows the contest_changes log (polled every second, and refreshed at once after intake in this
 * process), so a sale accepted anywhere shows here within seconds.
 *
 * The lookup is the hot path (target: p99 ≤ 50 µs in-process at a million stores), so it uses two
 * statements prepared once on the raw SQLite handle instead of building a query per request; the SQL
 * is plain and portable.
 */
import type SQLite from 'better-sqlite3';
import type { StoreLeaderboard } from '../../common/campaign.js';
import type { Campaign } from '../config.js';
import { normalizeDomain } from './domain.js';
import { STORE_NOT_FOUND_MESSAGE, UserFacingError } from './errors.js';
import { ensureStandings } from './intake.js';
import { koboToNaira, standingFor } from './leaderboard.js';
import { RankIndex } from './rank-index.js';

export type { StoreLeaderboard };

type StoreHit = {
  id: string;
  name: string | null;
  logo_url: string | null;
  opted_in: number;
  store_key: number | null;
};

const SELECT_STORE =
  'SELECT s.id, s.name, s.logo_url, s.opted_in, c.store_key FROM stores s LEFT JOIN contest_standings c ON c.store_id = s.id WHERE';

export const POLL_INTERVAL_MS = 1000;
const RELOAD_PAGE = 10_000;
const LOOKUP_CACHE_KIB = 65_536;
const HOST_CACHE_SIZE = 20_000;

export class ContestBoard {
  readonly index = new RankIndex();
  private lastSeq = 0;
  private hosts = new Map<string, StoreHit>();
  private olderHosts = new Map<string, StoreHit>();
  private timer: NodeJS.Timeout | undefined;
  private readonly byDomain: SQLite.Statement;
  private readonly byCustomDomain: SQLite.Statement;
  private readonly changesSince: SQLite.Statement;

  constructor(
    private readonly sqlite: SQLite.Database,
    campaign: Campaign,
  ) {
    ensureStandings(sqlite, campaign);
    // A lookup walks three B-trees (domain index, store row, standings index); a larger page cache than
    // SQLite's 2 MB default keeps their upper levels and hot leaves in memory. Bounded: at most 64 MB.
    if ((sqlite.pragma('cache_size', { simple: true }) as number) > -LOOKUP_CACHE_KIB) {
      sqlite.pragma(`cache_size = -${LOOKUP_CACHE_KIB}`);
    }
    this.byDomain = sqlite.prepare(`${SELECT_STORE} s.domain = ?`);
    this.byCustomDomain = sqlite.prepare(`${SELECT_STORE} s.custom_domain = ?`);
    this.changesSince = sqlite
      .prepare('SELECT seq, store_key, revenue_kobo FROM contest_changes WHERE seq > ? ORDER BY seq')
      .raw();
    this.reload();
  }

  /**
   * Reads every store's counted revenue in one snapshot: the standings in pages of store keys, then the
   * few opted-out stores (through their index) to zero. It never scans the stores table.
   */
  reload(): void {
    const page = this.sqlite
      .prepare(
        `SELECT store_key, revenue_kobo FROM contest_standings WHERE store_key > ? AND revenue_kobo > 0
         ORDER BY store_key LIMIT ${RELOAD_PAGE}`,
      )
      .raw();
    const optedOut = this.sqlite
      .prepare('SELECT c.store_key, 0 FROM stores s JOIN contest_standings c ON c.store_id = s.id WHERE s.opted_in = 0')
      .raw();
    const read = this.sqlite.transaction(() => {
      const { seq } = this.sqlite.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM contest_changes').get() as {
        seq: number;
      };
      this.index.load(
        (function* () {
          let after = 0;
          while (true) {
            const rows = page.all(after) as [number, number][];
            yield* rows;
            if (rows.length < RELOAD_PAGE) break;
            after = (rows[rows.length - 1] as [number, number])[0];
          }
          yield* optedOut.all() as [number, number][];
        })(),
      );
      this.lastSeq = seq;
    });
    read.deferred();
    this.forgetHosts();
  }

  /** Applies what other writers (or this process) logged since the last look. */
  refresh(): void {
    const rows = this.changesSince.all(this.lastSeq) as [number, number | null, number][];
    if (rows.length === 0) return;
    if (rows.some((row) => row[1] === null)) {
      this.reload();
      return;
    }
    this.index.apply(rows.map((row) => [row[1] as number, row[2]] as const));
    this.lastSeq = (rows[rows.length - 1] as [number, number, number])[0];
    if (rows.length > HOST_CACHE_SIZE) {
      this.forgetHosts();
      return;
    }
    const changed = new Set(rows.map((row) => row[1]));
    for (const hosts of [this.hosts, this.olderHosts]) {
      for (const [host, store] of hosts) if (changed.has(store.store_key)) hosts.delete(host);
    }
  }

  private forgetHosts(): void {
    this.hosts = new Map();
    this.olderHosts = new Map();
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

  /**
   * The store behind a normalised host. Recently found stores are kept per host (at most
   * HOST_CACHE_SIZE) and dropped when their store key shows up in the change log,
   * which every store update writes; unknown hosts are never cached, so new stores show at once.
   */
  private findStore(host: string): StoreHit | undefined {
    const cached = this.hosts.get(host) ?? this.olderHosts.get(host);
    if (cached) return cached;
    const store = (this.byDomain.get(host) ?? this.byCustomDomain.get(host)) as StoreHit | undefined;
    if (store && store.store_key !== null) {
      // Two generations instead of evicting one entry at a time: deleting from the front of a Map
      // leaves holes that make finding the oldest entry slow.
      if (this.hosts.size >= HOST_CACHE_SIZE / 2) {
        this.olderHosts = this.hosts;
        this.hosts = new Map();
      }
      this.hosts.set(host, store);
    }
    return store;
  }

  /** The store's standing; throws BAD_USER_INPUT for an empty domain, STORE_NOT_FOUND otherwise. */
  lookup(domainInput: string): StoreLeaderboard {
    if (typeof domainInput !== 'string' || domainInput.trim() === '') {
      throw new UserFacingError('BAD_USER_INPUT', 'Required');
    }
    const host = normalizeDomain(domainInput);
    const store = host ? this.findStore(host) : undefined;
    if (!store?.opted_in) throw new UserFacingError('STORE_NOT_FOUND', STORE_NOT_FOUND_MESSAGE);
    const own = store.store_key === null ? 0 : this.index.revenueOf(store.store_key);
    const standing = standingFor(own, this.index.countAbove(own), (place) => this.index.revenueAtPlace(place));
    return {
      storeId: store.id,
      name: store.name,
      logo: store.logo_url,
      rank: standing.rank,
      totalRevenue: koboToNaira(standing.totalRevenueKobo),
      winningRevenue: koboToNaira(standing.winningRevenueKobo),
      revenueToWin: koboToNaira(standing.revenueToWinKobo),
    };
  }
}
