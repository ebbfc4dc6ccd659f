/**
 * Contest data intake (DESIGN.md §5), transport-free: the CSV files of the admin CLI and the NDJSON of
 * POST /ingest/sales both end here. A whole file or request is one transaction: every bad line is
 * reported with its number and reason, and if there is any, nothing of it is applied.
 *
 * Bulk import uses the raw SQLite handle with prepared statements (database.ts allows it for bulk
 * import): a million rows through the query builder would miss the 60 s budget. The SQL is portable.
 */
import type SQLite from 'better-sqlite3';
import type { Campaign } from '../config.js';
import { normalizeDomain } from './domain.js';

export type LineError = { line: number; reason: string };
/** One parsed input line: a row, or why the line is bad. */
export type Parsed<T> = { line: number; row: T; error?: undefined } | { line: number; error: string; row?: undefined };

export type SaleRow = {
  orderId: string;
  storeId: string;
  amountKobo: number;
  status: 'paid' | 'refunded';
  /** UTC ISO string. */
  paidAt: string;
};

export type StoreRow = {
  id: string;
  name: string | null;
  domain: string;
  customDomain: string | null;
  logoUrl: string | null;
  /** undefined: keep the current value (new stores are opted in). */
  optedIn: boolean | undefined;
};

export type SalesSummary = {
  accepted: number;
  duplicates: number;
  refunds: number;
  outsideWindow: number;
  rejected: 0;
};
export type StoresSummary = { created: number; updated: number; unchanged: number; rejected: 0 };
export type Progress = (processed: number) => void;

/** The input had bad lines; nothing of it was applied. */
export class IntakeRejected extends Error {
  constructor(readonly errors: LineError[]) {
    super(`${errors.length} bad line${errors.length === 1 ? '' : 's'}; nothing was applied`);
  }
}

/** Above this many changed stores, intake logs one "reload everything" row instead of one per store. */
const BULK_CHANGE = 10_000;
const PROGRESS_EVERY = 100_000;
const MAX_ID = 128;

// ---------------------------------------------------------------------------------------------
// Parsing

/** Lines of a text without splitting it into one big array; numbers are 1-based. */
function* lines(text: string): Generator<[number, string]> {
  let start = 0;
  let number = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    number += 1;
    let line = text.slice(start, end);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (number === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    yield [number, line];
    start = end + 1;
  }
}

/** One CSV record (RFC 4180 quoting, no line breaks inside fields). */
export function splitCsvLine(line: string): string[] | undefined {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let i = 0;
  while (true) {
    if (line[i] === '"') {
      let value = '';
      i += 1;
      while (true) {
        const quote = line.indexOf('"', i);
        if (quote === -1) return undefined;
        value += line.slice(i, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      fields.push(value);
      if (i === line.length) return fields;
      if (line[i] !== ',') return undefined;
      i += 1;
    } else {
      const comma = line.indexOf(',', i);
      if (comma === -1) {
        fields.push(line.slice(i));
        return fields;
      }
      fields.push(line.slice(i, comma));
      i = comma + 1;
    }
  }
}

type Record_ = Record<string, unknown>;

/** CSV with a header line naming at least `required`; yields one record per non-empty line. */
function* csvRecords(text: string, required: string[], optional: string[]): Generator<Parsed<Record_>> {
  let header: string[] | undefined;
  for (const [line, raw] of lines(text)) {
    if (raw.trim() === '') continue;
    const fields = splitCsvLine(raw);
    if (!header) {
      header = (fields ?? []).map((name) => name.trim().toLowerCase());
      const missing = required.filter((name) => !header?.includes(name));
      const unknown = header.filter((name) => !required.includes(name) && !optional.includes(name));
      if (missing.length || unknown.length) {
        const parts = [
          missing.length ? `missing column ${missing.join(', ')}` : '',
          unknown.length ? `unknown column ${unknown.join(', ')}` : '',
        ];
        yield { line, error: `header must be ${required.join(',')}: ${parts.filter(Boolean).join('; ')}` };
        return;
      }
      continue;
    }
    if (!fields) {
      yield { line, error: 'unbalanced quotes' };
      continue;
    }
    if (fields.length !== header.length) {
      yield { line, error: `expected ${header.length} fields, found ${fields.length}` };
      continue;
    }
    const record: Record_ = {};
    header.forEach((name, i) => {
      record[name] = fields[i];
    });
    yield { line, row: record };
  }
  if (!header) yield { line: 1, error: `empty file: expected a header line ${required.join(',')}` };
}

/** NDJSON: one JSON object per non-empty line. */
function* ndjsonRecords(text: string): Generator<Parsed<Record_>> {
  for (const [line, raw] of lines(text)) {
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      yield { line, error: 'not valid JSON' };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      yield { line, error: 'expected a JSON object' };
    else yield { line, row: value as Record_ };
  }
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const ID = /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/;

function identifier(value: unknown, name: string): string {
  const id = text(value);
  if (id === '') throw new Error(`${name} is required`);
  if (id.length > MAX_ID || !ID.test(id))
    throw new Error(`${name} must be up to ${MAX_ID} letters, digits or . _ : / -`);
  return id;
}

/** Naira with up to two decimals → kobo, exactly (no floating point on the way). */
export function nairaToKobo(value: unknown): number | undefined {
  const raw = text(value).replace(/^₦/, '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(raw);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** ISO 8601 date-time → UTC ISO string; without an offset it is Africa/Lagos time (UTC+1). */
export function parseIsoTime(value: unknown): string | undefined {
  const raw = text(value);
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(raw);
  if (!match) return undefined;
  const [, date, time = '00:00:00', fraction = '', zone = '+01:00'] = match;
  const offset = /^[+-]\d{4}$/.test(zone) ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone.toUpperCase();
  const iso = `${date}T${time.length === 5 ? `${time}:00` : time}${fraction.slice(0, 4)}${offset}`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return undefined;
  // Date.parse rolls 2026-02-30 over to March; refuse dates that do not exist.
  const local = new Date(ms + offsetMinutes(offset) * 60_000).toISOString().slice(0, 10);
  return local === date ? new Date(ms).toISOString() : undefined;
}

function offsetMinutes(offset: string): number {
  if (offset === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}

function toSale(record: Record_): SaleRow {
  const orderId = identifier(record.order_id, 'order_id');
  const storeId = identifier(record.store_id, 'store_id');
  const amountKobo = nairaToKobo(record.amount);
  if (amountKobo === undefined)
    throw new Error('amount must be naira with up to two decimals, such as 15000 or 15000.50');
  const status = text(record.status).toLowerCase();
  if (status !== 'paid' && status !== 'refunded') throw new Error('status must be paid or refunded');
  if (status === 'paid' && amountKobo === 0) throw new Error('amount of a paid sale must be more than 0');
  const paidAt = parseIsoTime(record.paid_at);
  if (!paidAt) throw new Error('paid_at must be an ISO 8601 date-time, such as 2026-12-24T14:30:00+01:00');
  return { orderId, storeId, amountKobo, status, paidAt };
}

function toStore(record: Record_): StoreRow {
  const id = identifier(record.store_id, 'store_id');
  const name = text(record.name) || null;
  if (name && name.length > 200) throw new Error('name must be at most 200 characters');
  const domain = normalizeDomain(text(record.domain));
  if (!domain) throw new Error('domain is not a valid domain name');
  const customRaw = text(record.custom_domain);
  const customDomain = customRaw ? normalizeDomain(customRaw) : null;
  if (customDomain === undefined) throw new Error('custom_domain is not a valid domain name');
  const logoUrl = text(record.logo_url) || null;
  if (logoUrl && (logoUrl.length > 2048 || !/^https?:\/\/[^\s]+$/i.test(logoUrl))) {
    throw new Error('logo_url must be an http(s) URL');
  }
  const optedRaw = text(record.opted_in).toLowerCase();
  let optedIn: boolean | undefined;
  if (/^(1|yes|true)$/.test(optedRaw)) optedIn = true;
  else if (/^(0|no|false)$/.test(optedRaw)) optedIn = false;
  else if (optedRaw !== '') throw new Error('opted_in must be yes or no');
  return { id, name, domain, customDomain: customDomain === domain ? null : customDomain, logoUrl, optedIn };
}

function* mapRows<T>(records: Iterable<Parsed<Record_>>, convert: (record: Record_) => T): Generator<Parsed<T>> {
  for (const parsed of records) {
    if (parsed.error !== undefined) {
      yield parsed;
      continue;
    }
    try {
      yield { line: parsed.line, row: convert(parsed.row) };
    } catch (error) {
      yield { line: parsed.line, error: (error as Error).message };
    }
  }
}

export const SALES_COLUMNS = ['order_id', 'store_id', 'amount', 'status', 'paid_at'];
export const STORES_COLUMNS = ['store_id', 'name', 'domain', 'logo_url'];

export const parseSalesCsv = (input: string) => mapRows(csvRecords(input, SALES_COLUMNS, []), toSale);
export const parseSalesNdjson = (input: string) => mapRows(ndjsonRecords(input), toSale);
export const parseStoresCsv = (input: string) =>
  mapRows(csvRecords(input, STORES_COLUMNS, ['custom_domain', 'opted_in']), toStore);

// ---------------------------------------------------------------------------------------------
// Standings: counted revenue per store, and the change log the rank index follows

/** Makes sure every store has a standings row computed for this window; recomputes when it changed. */
export function ensureStandings(sqlite: SQLite.Database, campaign: Campaign): void {
  const window = `${campaign.startsAt}/${campaign.endsAt}`;
  sqlite.transaction(() => {
    // Stores written by something other than intake (the first-start demo data) have no standing yet.
    const counts = sqlite
      .prepare('SELECT (SELECT count(*) FROM stores) AS stores, (SELECT count(*) FROM contest_standings) AS standings')
      .get() as { stores: number; standings: number };
    const added =
      counts.stores === counts.standings
        ? 0
        : sqlite
            .prepare(
              'INSERT INTO contest_standings (store_id) SELECT id FROM stores WHERE id NOT IN (SELECT store_id FROM contest_standings) ORDER BY id',
            )
            .run().changes;
    const stored = sqlite.prepare("SELECT value FROM contest_meta WHERE key = 'window'").get() as
      | { value: string }
      | undefined;
    if (added === 0 && stored?.value === window) return;
    sqlite
      .prepare(
        `UPDATE contest_standings SET revenue_kobo = COALESCE((SELECT SUM(amount_kobo) FROM sales
           WHERE sales.store_id = contest_standings.store_id AND status = 'paid' AND paid_at >= ? AND paid_at <= ?), 0)`,
      )
      .run(campaign.startsAt, campaign.endsAt);
    sqlite
      .prepare(
        "INSERT INTO contest_meta (key, value) VALUES ('window', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      )
      .run(window);
    logReload(sqlite, 'everything');
  })();
}

/** Adds revenue deltas to the standings and logs the new counted revenues. Inside a transaction. */
function applyDeltas(sqlite: SQLite.Database, deltas: Map<number, number>): void {
  const update = sqlite.prepare(
    `UPDATE contest_standings SET revenue_kobo = revenue_kobo + ? WHERE store_key = ?
     RETURNING revenue_kobo, (SELECT opted_in FROM stores WHERE stores.id = contest_standings.store_id) AS opted_in`,
  );
  const changes: [number, number][] = [];
  for (const [key, delta] of deltas) {
    if (delta === 0) continue;
    const row = update.get(delta, key) as { revenue_kobo: number; opted_in: number } | undefined;
    if (row) changes.push([key, row.opted_in ? row.revenue_kobo : 0]);
  }
  logChanges(sqlite, changes, 'revenues');
}

/**
 * Appends stores' new counted revenues (0 while opted out) to the change log every server process
 * follows; a change to a store's details logs it too, so lookups read it again. Above BULK_CHANGE stores
 * one reload row replaces them: 'revenues' when only revenues changed. Inside a transaction.
 */
function logChanges(sqlite: SQLite.Database, changes: readonly (readonly [number, number])[], bulk: ReloadScope): void {
  if (changes.length > BULK_CHANGE) {
    logReload(sqlite, bulk);
  } else {
    const log = sqlite.prepare('INSERT INTO contest_changes (store_key, revenue_kobo) VALUES (?, ?)');
    for (const [key, kobo] of changes) log.run(key, kobo);
  }
  pruneChanges(sqlite);
}

/** The change log keeps at least its newest CHANGES_KEPT rows (a few MB). */
export const CHANGES_KEPT = 100_000;
export const PRUNED_THROUGH = 'changes_pruned_through';

/**
 * Deletes log rows older than the newest `keep` (in batches of at least `keep` rows) and records the
 * last deleted sequence number in contest_meta: a process whose last applied row is older than that has
 * missed rows and reloads everything. Inside a transaction.
 */
export function pruneChanges(sqlite: SQLite.Database, keep = CHANGES_KEPT): void {
  const through = lastChangeSeq(sqlite) - keep;
  if (through - prunedThrough(sqlite) < keep) return;
  sqlite.prepare('DELETE FROM contest_changes WHERE seq <= ?').run(through);
  sqlite
    .prepare(
      'INSERT INTO contest_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    )
    .run(PRUNED_THROUGH, String(through));
}

/** The newest change log sequence number (0: none yet). */
export function lastChangeSeq(sqlite: SQLite.Database): number {
  return (sqlite.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM contest_changes').get() as { seq: number }).seq;
}

/** The last change log sequence number deleted by pruning (0: none). */
export function prunedThrough(sqlite: SQLite.Database): number {
  const row = sqlite.prepare('SELECT value FROM contest_meta WHERE key = ?').get(PRUNED_THROUGH) as
    | { value: string }
    | undefined;
  return row ? Number(row.value) : 0;
}

export type ReloadScope = 'revenues' | 'everything';

function logReload(sqlite: SQLite.Database, scope: ReloadScope): void {
  sqlite.prepare('INSERT INTO contest_changes (store_key, revenue_kobo, reload) VALUES (NULL, 0, ?)').run(scope);
}

// ---------------------------------------------------------------------------------------------
// Import

/**
 * For a process about to import a large file (the CLI, the benchmark): a 256 MB page cache instead of
 * SQLite's 2 MB, so inserting a million rows into random places of the domain and order-id indexes
 * does not re-read the same pages over and over.
 */
export function setBulkImportCache(sqlite: SQLite.Database): void {
  sqlite.pragma('cache_size = -262144');
}

/**
 * Imports sales, idempotent by order id: the same row again changes nothing; a later `refunded` row
 * for a paid order removes its amount; sales outside the window are stored but not counted.
 * Throws IntakeRejected (nothing applied) when any line is bad.
 */
export function importSales(
  sqlite: SQLite.Database,
  campaign: Campaign,
  input: Iterable<Parsed<SaleRow>>,
  onProgress?: Progress,
): SalesSummary {
  const findStore = sqlite.prepare(
    'SELECT c.store_key FROM stores s JOIN contest_standings c ON c.store_id = s.id WHERE s.id = ?',
  );
  const findSale = sqlite.prepare('SELECT store_id, amount_kobo, status, paid_at FROM sales WHERE order_id = ?');
  const insert = sqlite.prepare(
    'INSERT INTO sales (order_id, store_id, amount_kobo, status, paid_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const refund = sqlite.prepare("UPDATE sales SET status = 'refunded', updated_at = ? WHERE order_id = ?");
  const inWindow = (paidAt: string) => paidAt >= campaign.startsAt && paidAt <= campaign.endsAt;

  return sqlite.transaction(() => {
    const now = new Date().toISOString();
    const summary: SalesSummary = { accepted: 0, duplicates: 0, refunds: 0, outsideWindow: 0, rejected: 0 };
    const errors: LineError[] = [];
    const deltas = new Map<number, number>();
    const add = (key: number, kobo: number) => deltas.set(key, (deltas.get(key) ?? 0) + kobo);
    let processed = 0;
    for (const parsed of input) {
      processed += 1;
      if (onProgress && processed % PROGRESS_EVERY === 0) onProgress(processed);
      if (parsed.error !== undefined) {
        errors.push({ line: parsed.line, reason: parsed.error });
        continue;
      }
      const sale = parsed.row;
      const store = findStore.get(sale.storeId) as { store_key: number } | undefined;
      if (!store) {
        errors.push({ line: parsed.line, reason: `unknown store_id ${sale.storeId}` });
        continue;
      }
      if (errors.length) continue; // keep checking lines, stop writing
      const existing = findSale.get(sale.orderId) as
        | { store_id: string; amount_kobo: number; status: string; paid_at: string }
        | undefined;
      if (!existing) {
        insert.run(sale.orderId, sale.storeId, sale.amountKobo, sale.status, sale.paidAt, now);
        if (sale.status === 'refunded') summary.refunds += 1;
        else if (!inWindow(sale.paidAt)) summary.outsideWindow += 1;
        else {
          summary.accepted += 1;
          add(store.store_key, sale.amountKobo);
        }
      } else if (existing.store_id !== sale.storeId) {
        errors.push({ line: parsed.line, reason: `order ${sale.orderId} is already recorded for another store` });
      } else if (existing.status === 'refunded') {
        summary.duplicates += 1; // a refund is final
      } else if (sale.status === 'refunded') {
        refund.run(now, sale.orderId);
        summary.refunds += 1;
        if (inWindow(existing.paid_at)) add(store.store_key, -existing.amount_kobo);
      } else if (existing.amount_kobo === sale.amountKobo && existing.paid_at === sale.paidAt) {
        summary.duplicates += 1;
      } else {
        errors.push({
          line: parsed.line,
          reason: `order ${sale.orderId} is already recorded with another amount or time (refund it and send a new order)`,
        });
      }
    }
    if (errors.length) throw new IntakeRejected(errors);
    applyDeltas(sqlite, deltas);
    return summary;
  })();
}

/** Imports stores, keyed by store_id: new ones are created, changed ones updated. */
export function importStores(
  sqlite: SQLite.Database,
  input: Iterable<Parsed<StoreRow>>,
  onProgress?: Progress,
): StoresSummary {
  const find = sqlite.prepare(
    'SELECT s.name, s.domain, s.custom_domain, s.logo_url, s.opted_in, c.store_key, c.revenue_kobo FROM stores s LEFT JOIN contest_standings c ON c.store_id = s.id WHERE s.id = ?',
  );
  const taken = sqlite.prepare('SELECT id FROM stores WHERE (domain = ? OR custom_domain = ?) AND id <> ?');
  const insert = sqlite.prepare(
    'INSERT INTO stores (id, name, domain, custom_domain, logo_url, opted_in, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertStanding = sqlite.prepare('INSERT INTO contest_standings (store_id) VALUES (?)');
  const update = sqlite.prepare(
    'UPDATE stores SET name = ?, domain = ?, custom_domain = ?, logo_url = ?, opted_in = ? WHERE id = ?',
  );

  return sqlite.transaction(() => {
    const now = new Date().toISOString();
    const changes: [number, number][] = [];
    const summary: StoresSummary = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
    const errors: LineError[] = [];
    let processed = 0;
    for (const parsed of input) {
      processed += 1;
      if (onProgress && processed % PROGRESS_EVERY === 0) onProgress(processed);
      if (parsed.error !== undefined) {
        errors.push({ line: parsed.line, reason: parsed.error });
        continue;
      }
      const store = parsed.row;
      const clash = [store.domain, store.customDomain].find(
        (domain) => domain && taken.get(domain, domain, store.id) !== undefined,
      );
      if (clash) {
        errors.push({ line: parsed.line, reason: `domain ${clash} is already used by another store` });
        continue;
      }
      if (errors.length) continue;
      const existing = find.get(store.id) as
        | {
            name: string | null;
            domain: string;
            custom_domain: string | null;
            logo_url: string | null;
            opted_in: number;
            store_key: number | null;
            revenue_kobo: number | null;
          }
        | undefined;
      if (!existing) {
        insert.run(
          store.id,
          store.name,
          store.domain,
          store.customDomain,
          store.logoUrl,
          store.optedIn === false ? 0 : 1,
          now,
        );
        // A new store is logged too: lookups learn about stores from the log.
        changes.push([Number(insertStanding.run(store.id).lastInsertRowid), 0]);
        summary.created += 1;
        continue;
      }
      const optedIn = store.optedIn === undefined ? existing.opted_in : store.optedIn ? 1 : 0;
      if (
        existing.name === store.name &&
        existing.domain === store.domain &&
        existing.custom_domain === store.customDomain &&
        existing.logo_url === store.logoUrl &&
        existing.opted_in === optedIn
      ) {
        summary.unchanged += 1;
        continue;
      }
      update.run(store.name, store.domain, store.customDomain, store.logoUrl, optedIn, store.id);
      summary.updated += 1;
      // Logged for any change, not only opting in or out: lookups read a logged store's details again.
      if (existing.store_key !== null) changes.push([existing.store_key, optedIn ? (existing.revenue_kobo ?? 0) : 0]);
    }
    if (errors.length) throw new IntakeRejected(errors);
    logChanges(sqlite, changes, 'everything');
    return summary;
  })();
}
