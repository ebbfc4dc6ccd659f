/**
 * The contest storage on SQLite. Intake runs prepared statements in one transaction, in slices that let
 * lookups in (docs/contest.md, Intake; the query builder would miss the 60 s budget at a million rows);
 * SQLite has one writer, so reading an order and then writing it cannot race. Every call holds Kysely's
 * connection while it runs, so it never nests inside a signup's transaction on the same connection.
 */
import type SQLite from 'better-sqlite3';
import type { Campaign } from '../../common/campaign.js';
import type { Db } from '../db/database.js';
import { asDiskFull } from '../db/disk-full.js';
import { storeOverCap } from './amount-limits.js';
import {
  BULK_CHANGE,
  CHANGES_KEPT,
  decideSale,
  decideStore,
  domainTaken,
  eachValidRow,
  IntakeRejected,
  newSalesSummary,
  type Progress,
  RecordedTotals,
  type ReloadScope,
  type StoredSale,
  type StoresSummary,
  tally,
  unknownStore,
} from './intake-rules.js';
import type { LineError, Parsed, SaleRow, StoreRow } from './parse.js';
import {
  type ChangeBatch,
  ContestBusy,
  type ContestSnapshot,
  type ContestStorage,
  inWindowOf,
  LOCK_WAIT_MS,
  PRUNED_THROUGH,
  STANDINGS_WINDOW,
  type StoreRecord,
  windowKey,
} from './storage.js';

const SELECT_STORES = `SELECT c.store_key, c.revenue_kobo, s.opted_in, s.domain, s.custom_domain, s.id, s.name, s.logo_url
  FROM contest_standings c JOIN stores s ON s.id = c.store_id`;

type RawStore = [number, number, number, string, string | null, string, string | null, string | null];
const toRecord = (row: RawStore): StoreRecord => {
  (row as unknown as StoreRecord)[2] = row[2] !== 0;
  return row as unknown as StoreRecord;
};

/** Rows per page of a full read: small enough that a reload yields to lookups every few milliseconds. */
const PAGE = 2_000;

/** Every row of a read taking "after this key" (its rows' first column), page by page. */
async function* pages<Row extends [number, ...unknown[]]>(page: (afterKey: number) => Row[]): AsyncGenerator<Row[]> {
  let after = 0;
  while (true) {
    const rows = page(after);
    yield rows;
    if (rows.length < PAGE) return;
    after = (rows[rows.length - 1] as Row)[0];
  }
}

export function createSqliteContestStorage(db: Db, sqlite: SQLite.Database): ContestStorage {
  /** Runs work holding Kysely's single connection; SQLITE_BUSY past the lock wait is ContestBusy, a full disk DiskFull. */
  const exclusive = <T>(work: () => T | Promise<T>): Promise<T> =>
    db.connection().execute(async () => {
      try {
        return await work();
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new ContestBusy(error);
        throw asDiskFull(error, sqlite) ?? error;
      }
    });

  /**
   * An intake transaction that yields to the event loop (inside exclusive(), so nothing else runs on this
   * connection meanwhile): BEGIN IMMEDIATE takes the write lock first, waiting for another process's up
   * to LOCK_WAIT_MS between turns of the event loop rather than in busy_timeout's blocking wait; then
   * `work` runs in slices; COMMIT, or ROLLBACK on any error.
   */
  async function writeTransaction<T>(work: () => Promise<T>): Promise<T> {
    const busyTimeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
    sqlite.pragma('busy_timeout = 0');
    try {
      const until = performance.now() + LOCK_WAIT_MS;
      for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
        try {
          sqlite.exec('BEGIN IMMEDIATE');
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== 'SQLITE_BUSY' || performance.now() >= until) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    } finally {
      sqlite.pragma(`busy_timeout = ${busyTimeout}`);
    }
    try {
      const result = await work();
      sqlite.exec('COMMIT');
      return result;
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw error;
    }
  }
  const meta = (key: string) =>
    (sqlite.prepare('SELECT value FROM contest_meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  const setMeta = (key: string, value: string) =>
    sqlite
      .prepare(
        'INSERT INTO contest_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  const lastSeq = () =>
    (sqlite.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM contest_changes').get() as { seq: number }).seq;
  const logReload = (scope: ReloadScope) =>
    sqlite.prepare('INSERT INTO contest_changes (store_key, revenue_kobo, reload) VALUES (NULL, 0, ?)').run(scope);

  /** Deletes log rows older than the newest `keep`, in batches of at least `keep`. Inside a transaction. */
  function prune(keep: number): void {
    const through = lastSeq() - keep;
    if (through - Number(meta(PRUNED_THROUGH) ?? 0) < keep) return;
    sqlite.prepare('DELETE FROM contest_changes WHERE seq <= ?').run(through);
    setMeta(PRUNED_THROUGH, String(through));
  }

  /** Logs the stores whose revenue or details changed (one reload row above BULK_CHANGE). In a transaction. */
  function logChanges(keys: Iterable<number>, count: number, bulk: ReloadScope): void {
    if (count > BULK_CHANGE) logReload(bulk);
    else {
      const log = sqlite.prepare('INSERT INTO contest_changes (store_key, revenue_kobo) VALUES (?, 0)');
      for (const key of keys) log.run(key);
    }
    prune(CHANGES_KEPT);
  }

  function ensureStandings(campaign: Campaign): void {
    const window = windowKey(campaign);
    sqlite.transaction(() => {
      // Stores written before the standings existed have none yet.
      const counts = sqlite
        .prepare(
          'SELECT (SELECT count(*) FROM stores) AS stores, (SELECT count(*) FROM contest_standings) AS standings',
        )
        .get() as { stores: number; standings: number };
      const added =
        counts.stores === counts.standings
          ? 0
          : sqlite
              .prepare(
                'INSERT INTO contest_standings (store_id) SELECT id FROM stores WHERE id NOT IN (SELECT store_id FROM contest_standings) ORDER BY id',
              )
              .run().changes;
      if (added === 0 && meta(STANDINGS_WINDOW) === window) return;
      sqlite
        .prepare(
          `UPDATE contest_standings SET revenue_kobo = COALESCE((SELECT SUM(amount_kobo) FROM sales
             WHERE sales.store_id = contest_standings.store_id AND status = 'paid' AND paid_at >= ? AND paid_at <= ?), 0)`,
        )
        .run(campaign.startsAt, campaign.endsAt);
      setMeta(STANDINGS_WINDOW, window);
      logReload('everything');
    })();
  }

  async function importSales(campaign: Campaign, input: Iterable<Parsed<SaleRow>>, onProgress?: Progress) {
    const findStore = sqlite.prepare('SELECT store_key, recorded_kobo FROM contest_standings WHERE store_id = ?').raw();
    const findSale = sqlite
      .prepare('SELECT store_id, amount_kobo, status, paid_at FROM sales WHERE order_id = ?')
      .raw();
    const insert = sqlite.prepare(
      'INSERT INTO sales (order_id, store_id, amount_kobo, status, paid_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const refund = sqlite.prepare("UPDATE sales SET status = 'refunded', updated_at = ? WHERE order_id = ?");
    const addTotals = sqlite.prepare(
      'UPDATE contest_standings SET revenue_kobo = revenue_kobo + ?, recorded_kobo = recorded_kobo + ? WHERE store_key = ?',
    );
    const inWindow = inWindowOf(campaign);

    return writeTransaction(async () => {
      const now = new Date().toISOString();
      const summary = newSalesSummary();
      const errors: LineError[] = [];
      const deltas = new Map<number, number>();
      const recorded = new RecordedTotals();
      const each = (line: number, sale: SaleRow) => {
        const store = findStore.get(sale.storeId) as [number, number] | undefined;
        if (store === undefined) {
          errors.push({ line, reason: unknownStore(sale.storeId) });
          return;
        }
        const [storeKey, storedKobo] = store;
        if (errors.length) return; // keep checking lines, stop writing
        const row = findSale.get(sale.orderId) as [string, number, 'paid' | 'refunded', string] | undefined;
        const existing: StoredSale | undefined = row
          ? { storeId: row[0], amountKobo: row[1], status: row[2], paidAt: row[3] }
          : undefined;
        const decision = decideSale(existing, sale, inWindow);
        if (decision.kind === 'bad' || !recorded.admit(storeKey, storedKobo, decision)) {
          errors.push({ line, reason: decision.kind === 'bad' ? decision.reason : storeOverCap(sale.storeId) });
          return;
        }
        if (decision.kind === 'insert') {
          insert.run(sale.orderId, sale.storeId, sale.amountKobo, sale.status, sale.paidAt, now);
        } else if (decision.kind === 'refund') refund.run(now, sale.orderId);
        tally(summary, decision);
        if (decision.kind !== 'duplicate' && decision.delta !== 0)
          deltas.set(storeKey, (deltas.get(storeKey) ?? 0) + decision.delta);
      };
      await eachValidRow(input, errors, each, onProgress);
      if (errors.length) throw new IntakeRejected(errors);
      for (const key of new Set([...deltas.keys(), ...recorded.added.keys()]))
        addTotals.run(deltas.get(key) ?? 0, recorded.added.get(key) ?? 0, key);
      logChanges(deltas.keys(), deltas.size, 'revenues');
      return summary;
    });
  }

  async function importStores(input: Iterable<Parsed<StoreRow>>, onProgress?: Progress): Promise<StoresSummary> {
    const find = sqlite.prepare(
      'SELECT s.name, s.domain, s.custom_domain, s.logo_url, s.opted_in, c.store_key FROM stores s LEFT JOIN contest_standings c ON c.store_id = s.id WHERE s.id = ?',
    );
    const taken = sqlite.prepare('SELECT id FROM stores WHERE (domain = ? OR custom_domain = ?) AND id <> ?');
    const insert = sqlite.prepare(
      'INSERT INTO stores (id, name, domain, custom_domain, logo_url, opted_in, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const insertStanding = sqlite.prepare('INSERT INTO contest_standings (store_id) VALUES (?)');
    const update = sqlite.prepare(
      'UPDATE stores SET name = ?, domain = ?, custom_domain = ?, logo_url = ?, opted_in = ? WHERE id = ?',
    );

    return writeTransaction(async () => {
      const now = new Date().toISOString();
      const changed: number[] = [];
      const summary: StoresSummary = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
      const errors: LineError[] = [];
      const each = (line: number, store: StoreRow) => {
        const clash = [store.domain, store.customDomain].find(
          (domain) => domain && taken.get(domain, domain, store.id) !== undefined,
        );
        if (clash) {
          errors.push({ line, reason: domainTaken(clash) });
          return;
        }
        if (errors.length) return;
        const row = find.get(store.id) as
          | {
              name: string | null;
              domain: string;
              custom_domain: string | null;
              logo_url: string | null;
              opted_in: number;
              store_key: number | null;
            }
          | undefined;
        const decision = decideStore(
          row && {
            name: row.name,
            domain: row.domain,
            customDomain: row.custom_domain,
            logoUrl: row.logo_url,
            optedIn: row.opted_in !== 0,
          },
          store,
        );
        if (decision.kind === 'unchanged') {
          summary.unchanged += 1;
          return;
        }
        const { name, domain, customDomain, logoUrl, optedIn } = decision.stored;
        if (decision.kind === 'create') {
          insert.run(store.id, name, domain, customDomain, logoUrl, optedIn ? 1 : 0, now);
          // A new store is logged too: lookups learn about stores from the log.
          changed.push(Number(insertStanding.run(store.id).lastInsertRowid));
          summary.created += 1;
        } else {
          update.run(name, domain, customDomain, logoUrl, optedIn ? 1 : 0, store.id);
          summary.updated += 1;
          // Logged for any change, not only opting in or out: lookups read a logged store's details again.
          if (row?.store_key != null) changed.push(row.store_key);
        }
      };
      await eachValidRow(input, errors, each, onProgress);
      if (errors.length) throw new IntakeRejected(errors);
      logChanges(changed, changed.length, 'everything');
      return summary;
    });
  }

  const storesPage = sqlite.prepare(`${SELECT_STORES} WHERE c.store_key > ? ORDER BY c.store_key LIMIT ?`).raw();
  const revenuesPage = sqlite
    .prepare(
      'SELECT store_key, revenue_kobo FROM contest_standings WHERE store_key > ? AND revenue_kobo > 0 ORDER BY store_key LIMIT ?',
    )
    .raw();
  const storeByKey = sqlite.prepare(`${SELECT_STORES} WHERE c.store_key = ?`).raw();
  const changesSince = sqlite
    .prepare('SELECT seq, store_key, reload FROM contest_changes WHERE seq >= ? ORDER BY seq')
    .raw();

  // Positions are sequence numbers; a cursor is the first one not yet applied.
  const reader: ContestSnapshot = {
    allStores: () => pages((after) => (storesPage.all(after, PAGE) as RawStore[]).map(toRecord)),
    allRevenues: () => pages((after) => revenuesPage.all(after, PAGE) as [number, number][]),
    storesByKey: async (keys) =>
      keys.flatMap((key) => {
        const row = storeByKey.get(key) as RawStore | undefined;
        return row ? [toRecord(row)] : [];
      }),
    async changesSince(cursor): Promise<ChangeBatch> {
      const rows = changesSince.all(cursor) as [number, number | null, ReloadScope | null][];
      const keys: number[] = [];
      const reloads: ReloadScope[] = [];
      for (const [, key, reload] of rows) {
        if (key === null) reloads.push(reload ?? 'everything');
        else keys.push(key);
      }
      // One writer at a time commits in sequence order: every visible row is settled.
      return { keys, reloads, cursor: rows.length ? (rows[rows.length - 1]?.[0] ?? 0) + 1 : cursor, unsettled: 0 };
    },
    cursor: async () => lastSeq() + 1,
    prunedBefore: async () => Number(meta(PRUNED_THROUGH) ?? 0) + 1,
  };

  return {
    backend: 'sqlite',
    ensureStandings: (campaign) => exclusive(() => ensureStandings(campaign)),
    importSales: (campaign, input, onProgress) => exclusive(() => importSales(campaign, input, onProgress)),
    importStores: (input, onProgress) => exclusive(() => importStores(input, onProgress)),
    /** A 256 MB page cache instead of 2 MB, so a million random index inserts don't re-read pages. */
    prepareBulkImport: () => sqlite.pragma('cache_size = -262144'),
    snapshot: (read) =>
      db.connection().execute(async () => {
        // One read transaction: the log and the tables agree. Other Kysely users wait for the connection.
        sqlite.exec('BEGIN DEFERRED');
        try {
          return await read(reader);
        } finally {
          sqlite.exec('COMMIT');
        }
      }),
    storeCount: () => exclusive(() => (sqlite.prepare('SELECT count(*) AS n FROM stores').get() as { n: number }).n),
    pruneChanges: (keep = CHANGES_KEPT) => exclusive(() => sqlite.transaction(() => prune(keep))()),
  };
}
