/**
 * The contest intake rules, written once for both storage backends (docs/contest.md, Intake): what one
 * incoming sale does given the order's existing row, and what one store line does given the store's
 * existing row, as pure functions the storages call and apply; and the slices intake works in.
 */
import { MAX_STORE_KOBO } from './amount-limits.js';
import type { LineError, Parsed, SaleRow, StoreRow } from './parse.js';

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

/** Above this many changed stores, intake logs one reload row instead of one row per store. */
export const BULK_CHANGE = 10_000;
export const PROGRESS_EVERY = 100_000;
/** The change log keeps at least its newest CHANGES_KEPT rows (a few MB). */
export const CHANGES_KEPT = 100_000;

/** What a reload row of the change log asks for: the revenues only, or the store directory too. */
export type ReloadScope = 'revenues' | 'everything';

/** An order as stored. */
export type StoredSale = { storeId: string; amountKobo: number; status: 'paid' | 'refunded'; paidAt: string };

/**
 * What one incoming sale does. `delta` is the change to its store's counted revenue (kobo);
 * `stored` the order's row afterwards (insert: a new row; refund: the existing row, now refunded).
 */
export type SaleDecision =
  | { kind: 'insert'; tally: 'accepted' | 'refunds' | 'outsideWindow'; delta: number; stored: StoredSale }
  | { kind: 'refund'; delta: number; stored: StoredSale }
  | { kind: 'duplicate' }
  | { kind: 'bad'; reason: string };

export const newSalesSummary = (): SalesSummary => ({
  accepted: 0,
  duplicates: 0,
  refunds: 0,
  outsideWindow: 0,
  rejected: 0,
});

/**
 * Idempotent by order id: the same row again changes nothing; a later `refunded` row for a paid order
 * removes its amount (a refund is final); sales outside the window are stored but not counted; the same
 * order with another store, amount or time is a bad line.
 */
export function decideSale(
  existing: StoredSale | undefined,
  sale: SaleRow,
  inWindow: (paidAt: string) => boolean,
): SaleDecision {
  if (!existing) {
    const stored: StoredSale = {
      storeId: sale.storeId,
      amountKobo: sale.amountKobo,
      status: sale.status,
      paidAt: sale.paidAt,
    };
    if (sale.status === 'refunded') return { kind: 'insert', tally: 'refunds', delta: 0, stored };
    if (!inWindow(sale.paidAt)) return { kind: 'insert', tally: 'outsideWindow', delta: 0, stored };
    return { kind: 'insert', tally: 'accepted', delta: sale.amountKobo, stored };
  }
  if (existing.storeId !== sale.storeId)
    return { kind: 'bad', reason: `order ${sale.orderId} is already recorded for another store` };
  if (existing.status === 'refunded') return { kind: 'duplicate' };
  if (sale.status === 'refunded') {
    const delta = inWindow(existing.paidAt) ? -existing.amountKobo : 0;
    return { kind: 'refund', delta, stored: { ...existing, status: 'refunded' } };
  }
  if (existing.amountKobo === sale.amountKobo && existing.paidAt === sale.paidAt) return { kind: 'duplicate' };
  return {
    kind: 'bad',
    reason: `order ${sale.orderId} is already recorded with another amount or time (refund it and send a new order)`,
  };
}

/**
 * The per-store maximum (amount-limits.ts) as intake goes: each store's recorded orders together, from
 * what was stored when it was read plus the orders this input inserts. `added` is what to add to each
 * store's stored total (by store key) once the input is accepted.
 */
export class RecordedTotals {
  readonly added = new Map<number, number>();
  private readonly totals = new Map<number, number>();

  /** Whether the decision keeps its store within the maximum; counted when it does. */
  admit(storeKey: number, storedKobo: number, decision: SaleDecision): boolean {
    if (decision.kind !== 'insert') return true;
    const amount = decision.stored.amountKobo;
    const total = (this.totals.get(storeKey) ?? storedKobo) + amount;
    if (total > MAX_STORE_KOBO) return false;
    this.totals.set(storeKey, total);
    this.added.set(storeKey, (this.added.get(storeKey) ?? 0) + amount);
    return true;
  }
}

/** Counts a decision that was applied. */
export function tally(summary: SalesSummary, decision: SaleDecision): void {
  if (decision.kind === 'insert') summary[decision.tally] += 1;
  else if (decision.kind === 'refund') summary.refunds += 1;
  else if (decision.kind === 'duplicate') summary.duplicates += 1;
}

/** A store as stored; opted_in mapped to a boolean by each storage. */
export type StoredStore = {
  name: string | null;
  domain: string;
  customDomain: string | null;
  logoUrl: string | null;
  optedIn: boolean;
};

export type StoreDecision =
  | { kind: 'create'; stored: StoredStore }
  | { kind: 'update'; stored: StoredStore }
  | { kind: 'unchanged' };

/** Keyed by store_id: new stores are created (opted in unless the line says no), changed ones updated. */
export function decideStore(existing: StoredStore | undefined, row: StoreRow): StoreDecision {
  const stored: StoredStore = {
    name: row.name,
    domain: row.domain,
    customDomain: row.customDomain,
    logoUrl: row.logoUrl,
    optedIn: row.optedIn ?? existing?.optedIn ?? true,
  };
  if (!existing) return { kind: 'create', stored };
  const same =
    existing.name === stored.name &&
    existing.domain === stored.domain &&
    existing.customDomain === stored.customDomain &&
    existing.logoUrl === stored.logoUrl &&
    existing.optedIn === stored.optedIn;
  return same ? { kind: 'unchanged' } : { kind: 'update', stored };
}

export const domainTaken = (domain: string) => `domain ${domain} is already used by another store`;
export const unknownStore = (storeId: string) => `unknown store_id ${storeId}`;

/**
 * How long intake works before it lets other requests in (docs/contest.md, Intake): while a 10 MB batch
 * is parsed and decided, lookups wait at most about this long for their turn.
 */
export const SLICE_MS = 5;
/** Lets the requests waiting for the event loop in (setImmediate: after the I/O that is ready). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Calls `each` on every item, awaiting a turn of the event loop after each SLICE_MS of work. */
export async function inSlices<T>(items: Iterable<T>, each: (item: T) => void): Promise<void> {
  let sliceStarted = performance.now();
  let count = 0;
  for (const item of items) {
    each(item);
    count += 1;
    if (count % 8 === 0 && performance.now() - sliceStarted >= SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
  }
}

/**
 * Parsed input's valid rows to `each`, one at a time, so a million-line import streams (and is parsed
 * as it is read, in slices); its bad lines go to `errors`, and progress is reported every
 * PROGRESS_EVERY lines.
 */
export function eachValidRow<T>(
  input: Iterable<Parsed<T>>,
  errors: LineError[],
  each: (line: number, row: T) => void,
  onProgress?: Progress,
): Promise<void> {
  let processed = 0;
  return inSlices(input, (parsed) => {
    processed += 1;
    if (onProgress && processed % PROGRESS_EVERY === 0) onProgress(processed);
    if (parsed.error !== undefined) errors.push({ line: parsed.line, reason: parsed.error });
    else each(parsed.line, parsed.row);
  });
}

/** Splits parsed input into valid rows and bad lines, in slices, reporting progress. */
export async function collect<T>(input: Iterable<Parsed<T>>, onProgress?: Progress) {
  const errors: LineError[] = [];
  const valid: { line: number; row: T }[] = [];
  await eachValidRow(input, errors, (line, row) => valid.push({ line, row }), onProgress);
  return { valid, errors };
}
