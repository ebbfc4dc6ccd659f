/**
 * getStoreLeaderboard against the database. First correct version: ranks are computed with SQL
 * aggregates per lookup (the contest issue replaces this with an in-memory rank index).
 */
import { sql } from 'kysely';
import type { Campaign } from '../config.js';
import type { Db } from '../db/database.js';
import { normalizeDomain } from './domain.js';
import { STORE_NOT_FOUND_MESSAGE, UserFacingError } from './errors.js';
import { koboToNaira, standingFor } from './leaderboard.js';

export type StoreLeaderboard = {
  storeId: string;
  name: string | null;
  logo: string | null;
  rank: number | null;
  totalRevenue: number;
  winningRevenue: number;
  revenueToWin: number;
};

export async function getStoreLeaderboard(db: Db, campaign: Campaign, domainInput: string): Promise<StoreLeaderboard> {
  if (typeof domainInput !== 'string' || domainInput.trim() === '') {
    throw new UserFacingError('BAD_USER_INPUT', 'Required');
  }
  const host = normalizeDomain(domainInput);
  if (!host) throw new UserFacingError('STORE_NOT_FOUND', STORE_NOT_FOUND_MESSAGE);
  const store = await db
    .selectFrom('stores')
    .select(['id', 'name', 'logo_url', 'opted_in'])
    .where((eb) => eb.or([eb('domain', '=', host), eb('custom_domain', '=', host)]))
    .executeTakeFirst();
  if (!store?.opted_in) throw new UserFacingError('STORE_NOT_FOUND', STORE_NOT_FOUND_MESSAGE);

  const revenues = db
    .selectFrom('sales')
    .innerJoin('stores', 'stores.id', 'sales.store_id')
    .select(['sales.store_id', sql<number>`sum(sales.amount_kobo)`.as('revenue')])
    .where('stores.opted_in', '=', 1)
    .where('sales.status', '=', 'paid')
    .where('sales.paid_at', '>=', campaign.startsAt)
    .where('sales.paid_at', '<=', campaign.endsAt)
    .groupBy('sales.store_id');

  const own = await db
    .selectFrom(revenues.as('r'))
    .select('revenue')
    .where('store_id', '=', store.id)
    .executeTakeFirst();
  const ownKobo = Number(own?.revenue ?? 0);
  const above = await db
    .selectFrom(revenues.as('r'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('revenue', '>', ownKobo)
    .executeTakeFirstOrThrow();
  const top = await db
    .selectFrom(revenues.as('r'))
    .select('revenue')
    .where('revenue', '>', 0)
    .orderBy('revenue', 'desc')
    .limit(10)
    .execute();
  const standing = standingFor(ownKobo, Number(above.n), (place) => Number(top[place - 1]?.revenue ?? 0));
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
