/**
 * Paying the winners through the real path, on SQLite and PostgreSQL: CSV import through the contest
 * storage into a fresh database per test, then the standings, one store's account and the final result
 * read back with Kysely.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ContestTestDatabase, contestTestbed } from '../../testing/server/contest-testbed.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { loadConfig } from '../config.js';
import { generateContestData } from '../demo-data.js';
import { parseSalesCsv, parseStoresCsv, type SaleRow } from './parse.js';
import { computeStandings, FINAL_RESULT_KEY, prizeOfPlace, storeAccount, writeFinalResult } from './payout.js';

const config = loadConfig({ DATA_DIR: '/unused', CAMPAIGN_START: '2026-12-01', CAMPAIGN_END: '2027-01-31T23:59:59' });
const { campaign } = config;

const storesCsv = (ids: string[], optedOut: string[] = []) =>
  [
    'store_id,name,domain,logo_url,custom_domain,opted_in',
    ...ids.map(
      (id) =>
        `${id},Store ${id},${id},,${id === 'leader' ? 'leader.com.ng' : ''},${optedOut.includes(id) ? 'no' : 'yes'}`,
    ),
  ].join('\n');

// Amounts in naira; the window is December and January, Lagos time.
const SALES = `order_id,store_id,amount,status,paid_at
o1,leader,1000,paid,2026-12-05T10:00:00+01:00
o2,leader,250.50,paid,2026-12-06T10:00:00+01:00
o3,leader,400,paid,2026-12-07T10:00:00+01:00
o3,leader,400,refunded,2026-12-07T10:00:00+01:00
o4,leader,900,paid,2026-11-30T23:59:59+01:00
o5,leader,900,paid,2027-02-01T00:00:00+01:00
o6,tie-a,800,paid,2026-12-07T10:00:00Z
o7,tie-b,500,paid,2026-12-07T11:00:00Z
o8,tie-b,300,paid,2027-01-31T23:59:59+01:00
o9,fourth,700,paid,2026-12-08T10:00:00+01:00
o10,opted-out,5000,paid,2026-12-10T10:00:00+01:00
`;
const IDS = ['leader', 'tie-a', 'tie-b', 'fourth', 'opted-out', 'no-sales'];

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  const { database, board } = contestTestbed(backend, campaign);

  async function world() {
    const db = await database();
    await db.storage.importStores(parseStoresCsv(storesCsv(IDS, ['opted-out'])));
    await db.storage.importSales(campaign, parseSalesCsv(SALES));
    return db;
  }

  describe('computeStandings', () => {
    it('given tied revenues, refunds, sales outside the window and an opted-out store should place only participants, ties sharing a place', async () => {
      const db = await world();
      const rows = await computeStandings(db.opened.db, campaign);
      expect(
        rows.map((row) => [row.place, row.storeId, row.countedKobo, row.ordersCounted, row.refunds, row.sharedBy]),
      ).toEqual([
        [1, 'leader', 125_050, 2, 1, 1],
        [2, 'tie-a', 80_000, 1, 0, 2],
        [2, 'tie-b', 80_000, 2, 0, 2],
        [4, 'fourth', 70_000, 1, 0, 1],
      ]);
      expect([1, 2, 3, 10, 11].map(prizeOfPlace)).toEqual([300_000, 200_000, 100_000, 20_000, null]);
    });

    it('given a generated data set with refunds and opted-out stores should agree with getStoreLeaderboard for every store', async () => {
      const db = await database();
      const data = generateContestData(campaign, { stores: 800, sales: 5000, seed: 7 });
      await db.storage.importStores(data.stores());
      await db.storage.importSales(campaign, data.sales());
      // Refund every 9th order, so refunds move places too.
      const refunds = [...data.sales()]
        .filter((parsed, i) => i % 9 === 0 && parsed.row)
        .map((parsed) => ({ line: parsed.line, row: { ...(parsed.row as SaleRow), status: 'refunded' as const } }));
      await db.storage.importSales(campaign, refunds);
      const contest = await board(db);

      const byId = new Map((await computeStandings(db.opened.db, campaign)).map((row) => [row.storeId, row]));
      let compared = 0;
      let optedOut = 0;
      for (const parsed of data.stores()) {
        const store = parsed.row as NonNullable<typeof parsed.row>;
        const row = byId.get(store.id);
        if (!store.optedIn) {
          optedOut += 1;
          expect(() => contest.lookup(store.domain)).toThrow(expect.objectContaining({ code: 'STORE_NOT_FOUND' }));
          expect(row).toBeUndefined();
          continue;
        }
        const api = contest.lookup(store.domain);
        expect({ id: store.id, rank: row?.place ?? null, revenue: (row?.countedKobo ?? 0) / 100 }).toEqual({
          id: store.id,
          rank: api.rank,
          revenue: api.totalRevenue,
        });
        compared += 1;
      }
      expect(compared).toBeGreaterThan(700);
      expect(optedOut).toBeGreaterThan(0);
      expect(byId.size).toBe(contest.index.participants);
    });
  });

  describe('storeAccount', () => {
    it("given a store's custom domain as a URL should list its orders as counted, refunded or outside the window, with its place", async () => {
      const db = await world();
      const account = await storeAccount(db.opened.db, campaign, 'https://www.Leader.com.ng/shop');
      expect(account).toMatchObject({
        storeId: 'leader',
        optedIn: true,
        participants: 4,
        standing: { place: 1, countedKobo: 125_050, ordersCounted: 2, refunds: 1 },
      });
      expect(account?.orders.map((order) => [order.orderId, order.status, order.counting])).toEqual([
        ['o4', 'paid', 'outside the window'],
        ['o1', 'paid', 'counted'],
        ['o2', 'paid', 'counted'],
        ['o3', 'refunded', 'refunded'],
        ['o5', 'paid', 'outside the window'],
      ]);
      expect(account?.totals).toEqual({
        counted: { orders: 2, kobo: 125_050 },
        refunded: { orders: 1, kobo: 40_000 },
        'outside the window': { orders: 2, kobo: 180_000 },
      });
    });

    it('given an opted-out store should show its orders and no place; given an unknown domain, nothing', async () => {
      const db = await world();
      expect(await storeAccount(db.opened.db, campaign, 'opted-out')).toMatchObject({
        optedIn: false,
        standing: undefined,
      });
      expect(await storeAccount(db.opened.db, campaign, 'nobody-here')).toBeUndefined();
    });
  });

  describe('writeFinalResult', () => {
    const hours = (n: number) => new Date(Date.parse(campaign.endsAt) + n * 3_600_000);
    const storedValue = async (db: ContestTestDatabase) =>
      (
        await db.opened.db
          .selectFrom('contest_meta')
          .select('value')
          .where('key', '=', FINAL_RESULT_KEY)
          .executeTakeFirst()
      )?.value;

    it('given the grace period has not ended should write nothing and say when it may run', async () => {
      const db = await world();
      expect(await writeFinalResult(db.opened.db, campaign, 72, hours(71))).toEqual({
        outcome: 'too early',
        allowedFrom: '2027-02-03T22:59:59.000Z',
      });
      expect(await storedValue(db)).toBeUndefined();
    });

    it('given demo stores in the database should write nothing, whatever the time', async () => {
      const db = await world();
      await db.storage.importStores(parseStoresCsv(storesCsv(['demo-0001', 'demo-0002'])));
      expect(await writeFinalResult(db.opened.db, campaign, 72, hours(73))).toEqual({
        outcome: 'demo stores',
        count: 2,
      });
      expect(await storedValue(db)).toBeUndefined();
    });

    it('given the grace period has ended should write the prize places once with a SHA-256 checksum, then refuse and report changed places', async () => {
      const db = await world();
      const first = await writeFinalResult(db.opened.db, campaign, 72, hours(73));
      const expectedChecksum = createHash('sha256')
        .update(
          JSON.stringify([
            [campaign.startsAt, campaign.endsAt],
            [1, 'leader', 125_050, 2, 1],
            [2, 'tie-a', 80_000, 1, 0],
            [2, 'tie-b', 80_000, 2, 0],
            [4, 'fourth', 70_000, 1, 0],
          ]),
        )
        .digest('hex');
      expect(first).toMatchObject({ outcome: 'written', result: { checksum: expectedChecksum } });
      const written = await storedValue(db);
      expect(JSON.parse(written as string)).toMatchObject({
        checksum: expectedChecksum,
        writtenAt: hours(73).toISOString(),
      });

      // Run again with nothing new: refused, nothing changed.
      expect(await writeFinalResult(db.opened.db, campaign, 72, hours(80))).toMatchObject({
        outcome: 'refused',
        stored: { checksum: expectedChecksum },
        current: { checksum: expectedChecksum },
        changedPlaces: [],
      });

      // A late import moves "fourth" past the tie: refused, the stored result untouched, places 2 and 4 named.
      await db.storage.importSales(
        campaign,
        parseSalesCsv('order_id,store_id,amount,status,paid_at\nlate,fourth,200,paid,2027-01-31T20:00:00+01:00'),
      );
      const again = await writeFinalResult(db.opened.db, campaign, 72, hours(90));
      expect(again.outcome).toBe('refused');
      if (again.outcome !== 'refused') return;
      expect(again.current.checksum).not.toBe(expectedChecksum);
      expect(again.changedPlaces).toEqual([2, 3, 4]);
      expect(await storedValue(db)).toBe(written);
    });
  });
});
