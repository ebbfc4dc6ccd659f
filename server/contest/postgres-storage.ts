/**
 * The contest storage on PostgreSQL. Intake COPYs a file or request into a staging table, reads the
 * stored rows it touches in one query (FOR UPDATE in key order: concurrent imports never deadlock on
 * them), decides every line in JS with SQLite's rules (intake-rules.ts) and applies the result set-based, all
 * or nothing. How its change log's xid stamps keep readers safe: docs/operations.md "The change feed".
 */
import type pg from 'pg';
import type { Campaign } from '../../common/campaign.js';
import { MAX_STORE_KOBO, storeOverCap } from './amount-limits.js';
import {
  BULK_CHANGE,
  CHANGES_KEPT,
  collect,
  decideSale,
  decideStore,
  domainTaken,
  IntakeRejected,
  inSlices,
  newSalesSummary,
  type Progress,
  RecordedTotals,
  type ReloadScope,
  type StoredSale,
  type StoredStore,
  type StoresSummary,
  tally,
  unknownStore,
} from './intake-rules.js';
import type { LineError, Parsed, SaleRow, StoreRow } from './parse.js';
import { type Client, copyInto, field, intakeTransaction, meta, reader, rows } from './postgres-snapshot.js';
import {
  type ContestStorage,
  INTAKE_STATEMENT_TIMEOUT_MS,
  inWindowOf,
  PRUNED_THROUGH,
  STANDINGS_WINDOW,
  windowKey,
} from './storage.js';

/** The change log position pruning deleted through, by sequence number (the xid horizon is PRUNED_THROUGH). */
const PRUNED_SEQ = 'changes_pruned_seq';

const byLine = (a: LineError, b: LineError) => a.line - b.line;
/** A statement bound for an input of so many lines: none for a bulk import (docs/operations.md). */
const statementBound = (lines: number) => (lines > BULK_CHANGE ? 0 : INTAKE_STATEMENT_TIMEOUT_MS);

export function createPostgresContestStorage(pool: pg.Pool): ContestStorage {
  const transaction = <T>(work: (client: Client) => Promise<T>, statementTimeoutMs?: number) =>
    intakeTransaction(pool, work, statementTimeoutMs);

  const setMeta = (client: Client, key: string, value: string) =>
    client.query(
      'INSERT INTO contest_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [key, value],
    );
  const logReload = (client: Client, scope: ReloadScope) =>
    client.query('INSERT INTO contest_changes (store_key, reload) VALUES (NULL, $1)', [scope]);

  /**
   * Deletes log rows older than the newest `keep`, in batches of at least `keep`; records the xid horizon.
   * Only settled rows (below this statement's snapshot xmin) go: a reader's cursor is its own xmin, never
   * lower, so it stays at or above the horizon. Deleting past a transaction still open would leave every
   * reader below the horizon, reloading everything at each poll until that transaction ended.
   */
  async function prune(client: Client, keep: number): Promise<void> {
    const [last] = await rows<[number]>(client, 'SELECT COALESCE(MAX(seq), 0) FROM contest_changes');
    const through = (last?.[0] ?? 0) - keep;
    if (through - Number((await meta(client, PRUNED_SEQ)) ?? 0) < keep) return;
    const [horizon] = await rows<[number]>(
      client,
      `SELECT xid::text::bigint FROM contest_changes
       WHERE seq <= $1 AND xid < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY xid DESC LIMIT 1`,
      [through],
    );
    if (!horizon) return;
    // The sequence number pruned through is the last one deleted: rows held back by an open writer go next time.
    const [deleted] = await rows<[number]>(
      client,
      'WITH gone AS (DELETE FROM contest_changes WHERE xid <= $1::text::xid8 RETURNING seq) SELECT max(seq) FROM gone',
      [String(horizon[0])],
    );
    await setMeta(client, PRUNED_SEQ, String(Math.min(through, Number(deleted?.[0] ?? 0))));
    await setMeta(client, PRUNED_THROUGH, String(horizon[0]));
  }

  /** Logs the stores that changed (one reload row above BULK_CHANGE). */
  async function logChanges(client: Client, keys: number[], bulk: ReloadScope): Promise<void> {
    if (keys.length > BULK_CHANGE) await logReload(client, bulk);
    else if (keys.length > 0) {
      await client.query('INSERT INTO contest_changes (store_key) SELECT unnest($1::int[])', [keys]);
    }
    await prune(client, CHANGES_KEPT);
  }

  /**
   * Adds revenue deltas and recorded amounts. A few (an ingest): their standings rows locked in key order
   * first, so two ingests never deadlock. Many (a bulk import): through a staging table, so the planner
   * joins once instead of a million index probes; a deadlock there is retried. Returns the stores whose
   * revenue changed. A store past MAX_STORE_KOBO now was raised by an import that committed after our
   * read: retried, so the fresh read names the line.
   */
  async function applyDeltas(client: Client, deltas: Map<number, number>, added: Map<number, number>) {
    const changed = [...deltas.keys()].filter((key) => deltas.get(key) !== 0).sort((a, b) => a - b);
    const keys = [...new Set([...changed, ...added.keys()])].sort((a, b) => a - b);
    if (keys.length === 0) return changed;
    const update = (from: string) =>
      `WITH updated AS (UPDATE contest_standings c SET revenue_kobo = c.revenue_kobo + d.delta,
         recorded_kobo = c.recorded_kobo + d.added FROM ${from} WHERE c.store_key = d.key RETURNING c.recorded_kobo)
       SELECT count(*) FROM updated WHERE recorded_kobo > ${MAX_STORE_KOBO}`;
    let over: [number][];
    if (keys.length <= BULK_CHANGE) {
      await client.query(
        'SELECT 1 FROM contest_standings WHERE store_key = ANY($1::int[]) ORDER BY store_key FOR UPDATE',
        [keys],
      );
      over = await rows<[number]>(
        client,
        update('unnest($1::int[], $2::bigint[], $3::bigint[]) AS d(key, delta, added)'),
        [keys, keys.map((key) => deltas.get(key) ?? 0), keys.map((key) => added.get(key) ?? 0)],
      );
    } else {
      await client.query('CREATE TEMP TABLE deltas_in (key integer, delta bigint, added bigint) ON COMMIT DROP');
      await copyInto(client, 'deltas_in', keys, (key) => `${key}\t${deltas.get(key) ?? 0}\t${added.get(key) ?? 0}`);
      await client.query('ANALYZE deltas_in');
      over = await rows<[number]>(client, update('deltas_in d'));
    }
    if (Number(over[0]?.[0] ?? 0) > 0)
      throw Object.assign(new Error('a store passed its maximum meanwhile'), { code: '40001' });
    return changed;
  }

  async function importSales(campaign: Campaign, input: Iterable<Parsed<SaleRow>>, onProgress?: Progress) {
    const { valid, errors: parseErrors } = await collect(input, onProgress);
    const inWindow = inWindowOf(campaign);
    return transaction(async (client) => {
      await client.query(
        `CREATE TEMP TABLE sales_in (line integer, order_id text, store_id text, amount_kobo bigint, status text,
           paid_at timestamptz) ON COMMIT DROP`,
      );
      await copyInto(client, 'sales_in', valid, ({ line, row }) =>
        [line, row.orderId, row.storeId, row.amountKobo, row.status, row.paidAt].join('\t'),
      );
      if (valid.length > 1000) await client.query('ANALYZE sales_in');
      const stores = new Map(
        (
          await rows<[string, number, number]>(
            client,
            'SELECT store_id, store_key, recorded_kobo FROM contest_standings WHERE store_id IN (SELECT store_id FROM sales_in)',
          )
        ).map(([id, key, recordedKobo]) => [id, [key, recordedKobo] as const]),
      );
      // The stored orders this input touches, locked in order-id order.
      const stored = new Map<string, StoredSale>();
      const found = await rows<[string, string, number, 'paid' | 'refunded', string]>(
        client,
        `SELECT order_id, store_id, amount_kobo, status, paid_at FROM sales
         WHERE order_id IN (SELECT order_id FROM sales_in) ORDER BY order_id FOR UPDATE`,
      );
      await inSlices(found, ([orderId, storeId, amountKobo, status, paidAt]) => {
        stored.set(orderId, { storeId, amountKobo, status, paidAt });
      });
      const newOrders = new Set<string>();
      await inSlices(valid, ({ row }) => stored.has(row.orderId) || newOrders.add(row.orderId));
      const summary = newSalesSummary();
      const errors = [...parseErrors];
      const deltas = new Map<number, number>();
      const recorded = new RecordedTotals();
      const refunds: string[] = [];
      await inSlices(valid, ({ line, row: sale }) => {
        const store = stores.get(sale.storeId);
        if (store === undefined) {
          errors.push({ line, reason: unknownStore(sale.storeId) });
          return;
        }
        const [storeKey, storedKobo] = store;
        if (errors.length) return; // keep checking lines, stop deciding
        const decision = decideSale(stored.get(sale.orderId), sale, inWindow);
        if (decision.kind === 'bad' || !recorded.admit(storeKey, storedKobo, decision)) {
          errors.push({ line, reason: decision.kind === 'bad' ? decision.reason : storeOverCap(sale.storeId) });
          return;
        }
        if (decision.kind !== 'duplicate') {
          stored.set(sale.orderId, decision.stored);
          if (decision.kind === 'refund') refunds.push(sale.orderId);
          if (decision.delta !== 0) deltas.set(storeKey, (deltas.get(storeKey) ?? 0) + decision.delta);
        }
        tally(summary, decision);
      });
      if (errors.length) throw new IntakeRejected(errors.sort(byLine));
      // Every order not stored before is inserted as its first line said; later lines only refund.
      const inserted = await client.query(
        `INSERT INTO sales (order_id, store_id, amount_kobo, status, paid_at)
         SELECT DISTINCT ON (order_id) order_id, store_id, amount_kobo, status, paid_at FROM sales_in i
         WHERE NOT EXISTS (SELECT 1 FROM sales s WHERE s.order_id = i.order_id) ORDER BY order_id, line`,
      );
      // An order another import committed after our read is skipped by NOT EXISTS (a new statement sees
      // it) while we decided it as new: retry, so it is read and counted as a duplicate.
      if (inserted.rowCount !== newOrders.size) throw Object.assign(new Error('concurrent insert'), { code: '40001' });
      if (refunds.length) {
        await client.query(
          "UPDATE sales SET status = 'refunded', updated_at = statement_timestamp() WHERE order_id = ANY($1::text[])",
          [refunds],
        );
      }
      await logChanges(client, await applyDeltas(client, deltas, recorded.added), 'revenues');
      return summary;
    }, statementBound(valid.length));
  }

  async function importStores(input: Iterable<Parsed<StoreRow>>, onProgress?: Progress): Promise<StoresSummary> {
    const { valid, errors: parseErrors } = await collect(input, onProgress);
    const storeLine = (line: number, id: string, store: StoreRow | StoredStore, created: boolean | null) =>
      [
        line,
        field(id),
        field(store.name),
        field(store.domain),
        field(store.customDomain),
        field(store.logoUrl),
        field(store.optedIn ?? null),
        field(created),
      ].join('\t');
    return transaction(async (client) => {
      await client.query(
        `CREATE TEMP TABLE stores_in (line integer, id text, name text, domain text, custom_domain text, logo_url text,
           opted_in boolean, created boolean) ON COMMIT DROP`,
      );
      await copyInto(client, 'stores_in', valid, ({ line, row }) => storeLine(line, row.id, row, null));
      const stored = new Map<string, StoredStore & { key: number | null }>();
      for (const [id, name, domain, customDomain, logoUrl, optedIn, key] of await rows<
        [string, string | null, string, string | null, string | null, boolean, number | null]
      >(
        client,
        `SELECT s.id, s.name, s.domain, s.custom_domain, s.logo_url, s.opted_in, c.store_key
         FROM stores s LEFT JOIN contest_standings c ON c.store_id = s.id
         WHERE s.id IN (SELECT id FROM stores_in) ORDER BY s.id FOR UPDATE OF s`,
      )) {
        stored.set(id, { name, domain, customDomain, logoUrl, optedIn, key });
      }
      // Who holds the hosts this input names, to name every clash; the insert into store_hosts below
      // is what makes a host unique, also against an import committing meanwhile.
      const owners = new Map(
        await rows<[string, string]>(
          client,
          `SELECT host, store_id FROM store_hosts
           WHERE host IN (SELECT domain FROM stores_in UNION SELECT custom_domain FROM stores_in)`,
        ),
      );
      // Each store's state after the whole input, and the line that set it.
      const written = new Map<string, { line: number; store: StoredStore; created: boolean }>();
      const summary: StoresSummary = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
      const errors = [...parseErrors];
      await inSlices(valid, ({ line, row }) => {
        const clash = [row.domain, row.customDomain].find((host) => host && (owners.get(host) ?? row.id) !== row.id);
        if (clash) {
          errors.push({ line, reason: domainTaken(clash) });
          return;
        }
        if (errors.length) return;
        const before = written.get(row.id);
        const previous = before?.store ?? stored.get(row.id);
        const decision = decideStore(previous, row);
        if (decision.kind === 'unchanged') summary.unchanged += 1;
        else {
          // The store's old hosts are free for the lines after this one, as on SQLite.
          for (const host of [previous?.domain, previous?.customDomain]) if (host) owners.delete(host);
          for (const host of [row.domain, row.customDomain]) if (host) owners.set(host, row.id);
          summary[decision.kind === 'create' ? 'created' : 'updated'] += 1;
          written.set(row.id, { line, store: decision.stored, created: before?.created ?? decision.kind === 'create' });
        }
      });
      if (errors.length) throw new IntakeRejected(errors.sort(byLine));
      await client.query('TRUNCATE stores_in');
      await copyInto(client, 'stores_in', [...written], ([id, { line, store, created }]) =>
        storeLine(line, id, store, created),
      );
      await client.query(
        `INSERT INTO stores (id, name, domain, custom_domain, logo_url, opted_in)
         SELECT id, name, domain, custom_domain, logo_url, opted_in FROM stores_in WHERE created ORDER BY id`,
      );
      await client.query(
        `UPDATE stores s SET name = i.name, domain = i.domain, custom_domain = i.custom_domain, logo_url = i.logo_url,
           opted_in = i.opted_in FROM stores_in i WHERE s.id = i.id AND NOT i.created`,
      );
      await client.query('DELETE FROM store_hosts WHERE store_id IN (SELECT id FROM stores_in WHERE NOT created)');
      const clashes = await rows<[number, string]>(
        client,
        `WITH wanted AS (
           SELECT line, id, domain AS host FROM stores_in
           UNION ALL SELECT line, id, custom_domain FROM stores_in WHERE custom_domain IS NOT NULL),
         taken AS (
           INSERT INTO store_hosts (host, store_id) SELECT host, id FROM wanted ORDER BY host
           ON CONFLICT (host) DO NOTHING RETURNING host, store_id)
         SELECT w.line, w.host FROM wanted w
         WHERE NOT EXISTS (SELECT 1 FROM taken t WHERE t.host = w.host AND t.store_id = w.id) ORDER BY w.line`,
      );
      if (clashes.length) {
        throw new IntakeRejected(clashes.map(([line, host]) => ({ line, reason: domainTaken(host) })));
      }
      const createdKeys = await rows<[number]>(
        client,
        'INSERT INTO contest_standings (store_id) SELECT id FROM stores_in WHERE created ORDER BY id RETURNING store_key',
      );
      const changed = createdKeys.map(([key]) => key);
      for (const [id, { created }] of written) {
        const key = stored.get(id)?.key;
        if (!created && key != null) changed.push(key);
      }
      await logChanges(client, changed, 'everything');
      return summary;
    }, statementBound(valid.length));
  }

  async function ensureStandings(campaign: Campaign): Promise<void> {
    const window = windowKey(campaign);
    await transaction(async (client) => {
      // Several servers starting together: one recomputes, the others then find it done.
      await client.query("SELECT pg_advisory_xact_lock(hashtext('kasuwa.contest.standings'))");
      const added = await client.query(
        `INSERT INTO contest_standings (store_id) SELECT id FROM stores s
         WHERE NOT EXISTS (SELECT 1 FROM contest_standings c WHERE c.store_id = s.id) ORDER BY id`,
      );
      if (added.rowCount === 0 && (await meta(client, STANDINGS_WINDOW)) === window) return;
      await client.query(
        `UPDATE contest_standings c SET revenue_kobo = COALESCE((SELECT SUM(amount_kobo) FROM sales s
           WHERE s.store_id = c.store_id AND status = 'paid' AND paid_at >= $1 AND paid_at <= $2), 0)`,
        [campaign.startsAt, campaign.endsAt],
      );
      await setMeta(client, STANDINGS_WINDOW, window);
      await logReload(client, 'everything');
    }, 0); // unbounded: a recomputation reads every sale, and the others wait for the lock meanwhile
  }

  return {
    backend: 'postgres',
    ensureStandings,
    importSales,
    importStores,
    prepareBulkImport: () => {},
    async snapshot(read) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        // The whole standings in one COPY can outlast the sessions' statement_timeout at a million stores.
        await client.query('SET LOCAL statement_timeout = 0');
        const result = await read(reader(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async storeCount() {
      const { rows: found } = await pool.query<{ n: number }>('SELECT count(*)::bigint AS n FROM stores');
      return Number(found[0]?.n ?? 0);
    },
    pruneChanges: (keep = CHANGES_KEPT) => transaction((client) => prune(client, keep)),
  };
}
