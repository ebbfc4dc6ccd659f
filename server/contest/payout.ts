/**
 * Paying the winners (docs/contest.md, "Paying the winners"): the standings an operator pays from, one
 * store's counted and uncounted orders, and the final result written once after the window and a grace
 * period. Same rules as getStoreLeaderboard: participants are opted-in stores with counted revenue above
 * 0 (sale-counting.ts), placed by the API's own RankIndex and standingFor (equal revenue shares a place).
 */
import { createHash } from 'node:crypto';
import type { Expression, Kysely } from 'kysely';
import type { Campaign } from '../../common/campaign.js';
import { PRIZE_PLACES, PRIZES_NAIRA } from '../../common/campaign.js';
import type { Database } from '../db/schema.js';
import { DEMO_STORE_IDS } from '../demo-data.js';
import { normalizeDomain } from './domain.js';
import { RankIndex } from './rank-index.js';
import { standingFor } from './ranking-rules.js';
import { type SaleCounting, saleCounting } from './sale-counting.js';

export type { SaleCounting };

export type PayoutRow = {
  place: number;
  storeId: string;
  name: string | null;
  domain: string;
  countedKobo: number;
  ordersCounted: number;
  /** Orders inside the window that were refunded (they no longer count). */
  refunds: number;
  /** How many stores share this place (1: no tie). */
  sharedBy: number;
};

/** The prize of a place in naira; null below the prize places. */
export const prizeOfPlace = (place: number): number | null => PRIZES_NAIRA[place - 1] ?? null;

/** Together, the prizes of the places a tie spans (places `place` to `place + sharedBy - 1`). */
export function prizesSpanned(place: number, sharedBy: number): number {
  let total = 0;
  for (let at = place; at < place + sharedBy; at += 1) total += prizeOfPlace(at) ?? 0;
  return total;
}

/**
 * Every participant with its place, best first (ties by store id). Kysely only, on SQLite and
 * PostgreSQL: there SUM of bigint is `numeric`, which the driver hands over as a string, so every sum is
 * cast back to bigint in SQL and arrives as a number through the one int8 conversion
 * (server/db/database.ts, which refuses values beyond 2^53). `opted_in` is 0/1 on SQLite and a boolean
 * on PostgreSQL, hence Boolean(). Money is integer kobo.
 */
export async function computeStandings(db: Kysely<Database>, campaign: Campaign): Promise<PayoutRow[]> {
  // The window test of sale-counting.ts, in SQL so a million sales are summed where they are.
  const totals = await db
    .selectFrom('sales')
    .innerJoin('stores', 'stores.id', 'sales.store_id')
    .where('sales.paid_at', '>=', campaign.startsAt)
    .where('sales.paid_at', '<=', campaign.endsAt)
    .groupBy(['stores.id', 'stores.name', 'stores.domain', 'stores.opted_in'])
    .select((eb) => {
      const paid = eb('sales.status', '=', 'paid');
      const bigintSum = (value: Expression<number>) => eb.cast<number>(eb.fn.sum(value), 'bigint');
      return [
        'stores.id as storeId',
        'stores.name as name',
        'stores.domain as domain',
        'stores.opted_in as optedIn',
        bigintSum(eb.case().when(paid).then(eb.ref('sales.amount_kobo')).else(eb.lit(0)).end()).as('kobo'),
        bigintSum(eb.case().when(paid).then(eb.lit(1)).else(eb.lit(0)).end()).as('orders'),
        bigintSum(eb.case().when(paid).then(eb.lit(0)).else(eb.lit(1)).end()).as('refunds'),
      ];
    })
    .execute();
  const participants = totals.filter((row) => Boolean(row.optedIn) && row.kobo > 0);

  const index = new RankIndex();
  index.load(participants.map((row, key) => [key, row.kobo] as const));
  const rows: PayoutRow[] = participants.map((row) => ({
    place: standingFor(row.kobo, index.countAbove(row.kobo), (place) => index.revenueAtPlace(place)).rank as number,
    storeId: row.storeId,
    name: row.name,
    domain: row.domain,
    countedKobo: row.kobo,
    ordersCounted: row.orders,
    refunds: row.refunds,
    sharedBy: 1,
  }));
  rows.sort((a, b) => a.place - b.place || (a.storeId < b.storeId ? -1 : a.storeId > b.storeId ? 1 : 0));
  const perPlace = new Map<number, number>();
  for (const row of rows) perPlace.set(row.place, (perPlace.get(row.place) ?? 0) + 1);
  for (const row of rows) row.sharedBy = perPlace.get(row.place) ?? 1;
  return rows;
}

// ---------------------------------------------------------------------------------------------
// One store, for the vendor who disputes a rank

export type StoreOrder = {
  orderId: string;
  amountKobo: number;
  status: 'paid' | 'refunded';
  paidAt: string;
  counting: SaleCounting;
};

export type StoreAccount = {
  storeId: string;
  name: string | null;
  domain: string;
  customDomain: string | null;
  optedIn: boolean;
  /** The store's row in the standings; undefined when it does not take part. */
  standing: PayoutRow | undefined;
  participants: number;
  orders: StoreOrder[];
  /** Kobo and order count per kind of order. */
  totals: Record<SaleCounting, { orders: number; kobo: number }>;
};

/** One store by what its owner types (domain or custom domain), or undefined when unknown. */
export async function storeAccount(
  db: Kysely<Database>,
  campaign: Campaign,
  domainInput: string,
): Promise<StoreAccount | undefined> {
  const host = normalizeDomain(domainInput);
  if (!host) return undefined;
  const store = await db
    .selectFrom('stores')
    .select(['id', 'name', 'domain', 'custom_domain', 'opted_in'])
    .where((eb) => eb.or([eb('domain', '=', host), eb('custom_domain', '=', host)]))
    .executeTakeFirst();
  if (!store) return undefined;
  const sales = await db
    .selectFrom('sales')
    .select(['order_id', 'amount_kobo', 'status', 'paid_at'])
    .where('store_id', '=', store.id)
    .orderBy('paid_at')
    .orderBy('order_id')
    .execute();
  const totals: StoreAccount['totals'] = {
    counted: { orders: 0, kobo: 0 },
    refunded: { orders: 0, kobo: 0 },
    'outside the window': { orders: 0, kobo: 0 },
  };
  const orders = sales.map((sale): StoreOrder => {
    const order = {
      orderId: sale.order_id,
      amountKobo: sale.amount_kobo,
      status: sale.status,
      paidAt: sale.paid_at,
    };
    const counting = saleCounting(order, campaign);
    totals[counting].orders += 1;
    totals[counting].kobo += order.amountKobo;
    return { ...order, counting };
  });
  const standings = await computeStandings(db, campaign);
  return {
    storeId: store.id,
    name: store.name,
    domain: store.domain,
    customDomain: store.custom_domain,
    optedIn: Boolean(store.opted_in),
    standing: standings.find((row) => row.storeId === store.id),
    participants: standings.length,
    orders,
    totals,
  };
}

// ---------------------------------------------------------------------------------------------
// The final result: written once, with a checksum, so a later import cannot silently change who won

export const FINAL_RESULT_KEY = 'final_result';

export type FinalResult = {
  writtenAt: string;
  window: { startsAt: string; endsAt: string };
  /** SHA-256 (hex) of canonicalRows(window, rows). */
  checksum: string;
  /** The prize places, ties included. */
  rows: PayoutRow[];
};

export type FinalOutcome =
  | { outcome: 'too early'; allowedFrom: string }
  | { outcome: 'written'; result: FinalResult }
  | { outcome: 'refused'; stored: FinalResult; current: FinalResult; changedPlaces: number[] }
  | { outcome: 'demo stores'; count: number };

export const prizePlaces = (rows: PayoutRow[]): PayoutRow[] => rows.filter((row) => row.place <= PRIZE_PLACES);

/**
 * What the checksum covers, one JSON array: the window, then per row place, store id, counted kobo,
 * orders counted and refunds, in place order. Names and domains are left out: a rename changes nobody's prize.
 */
export function canonicalRows(window: FinalResult['window'], rows: PayoutRow[]): string {
  return JSON.stringify([
    [window.startsAt, window.endsAt],
    ...rows.map((row) => [row.place, row.storeId, row.countedKobo, row.ordersCounted, row.refunds]),
  ]);
}

export const checksumOf = (window: FinalResult['window'], rows: PayoutRow[]): string =>
  createHash('sha256').update(canonicalRows(window, rows)).digest('hex');

/** The first moment the final result may be written: the window's end plus the grace period for late ingests. */
export const finalAllowedFrom = (campaign: Campaign, graceHours: number): string =>
  new Date(Date.parse(campaign.endsAt) + graceHours * 3_600_000).toISOString();

/** The places whose stores, revenues, order or refund counts differ between two results. */
export function changedPlaces(before: PayoutRow[], after: PayoutRow[]): number[] {
  const fingerprint = (row: PayoutRow) => `${row.place} ${row.countedKobo} ${row.ordersCounted} ${row.refunds}`;
  const beforeById = new Map(before.map((row) => [row.storeId, row]));
  const afterById = new Map(after.map((row) => [row.storeId, row]));
  const places = new Set<number>();
  for (const row of before) {
    const now = afterById.get(row.storeId);
    if (!now || fingerprint(now) !== fingerprint(row)) places.add(row.place);
  }
  for (const row of after) {
    const was = beforeById.get(row.storeId);
    if (!was || fingerprint(was) !== fingerprint(row)) places.add(row.place);
  }
  return [...places].sort((a, b) => a - b);
}

export async function readFinalResult(db: Kysely<Database>): Promise<FinalResult | undefined> {
  const row = await db
    .selectFrom('contest_meta')
    .select('value')
    .where('key', '=', FINAL_RESULT_KEY)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as FinalResult) : undefined;
}

/** The prize places now, as a final result would record them. */
export async function currentResult(db: Kysely<Database>, campaign: Campaign, now = new Date()): Promise<FinalResult> {
  const window = { startsAt: campaign.startsAt, endsAt: campaign.endsAt };
  const rows = prizePlaces(await computeStandings(db, campaign));
  return { writtenAt: now.toISOString(), window, checksum: checksumOf(window, rows), rows };
}

/**
 * Writes the final result once. Before the window's end plus `graceHours` it writes nothing and says
 * when it may; once written, a later call refuses and reports which places differ now.
 */
export async function writeFinalResult(
  db: Kysely<Database>,
  campaign: Campaign,
  graceHours: number,
  now = new Date(),
): Promise<FinalOutcome> {
  const allowedFrom = finalAllowedFrom(campaign, graceHours);
  if (now.toISOString() < allowedFrom) return { outcome: 'too early', allowedFrom };
  // Demo stores carry contest sales and would take prize places: no result is final with them in.
  const demo = await db
    .selectFrom('stores')
    .where('id', 'like', DEMO_STORE_IDS)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(demo.n) > 0) return { outcome: 'demo stores', count: Number(demo.n) };
  const current = await currentResult(db, campaign, now);
  // Insert-if-absent: of two operators running it at once, exactly one writes.
  const inserted = await db
    .insertInto('contest_meta')
    .values({ key: FINAL_RESULT_KEY, value: JSON.stringify(current) })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { outcome: 'written', result: current };
  const stored = (await readFinalResult(db)) as FinalResult;
  return { outcome: 'refused', stored, current, changedPlaces: changedPlaces(stored.rows, current.rows) };
}
