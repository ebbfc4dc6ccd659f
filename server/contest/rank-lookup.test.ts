/**
 * The contest rules through the real path: CSV import into a temporary SQLite database, the rank
 * index built from it, and the lookup by domain.
 */
import { describe, expect, it, vi } from 'vitest';
import { type ContestTestDatabase, contestTestbed } from '../../testing/server/contest-testbed.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { loadConfig } from '../config.js';
import { parseSalesCsv, parseStoresCsv } from './parse.js';
import type { RankLookup } from './rank-lookup.js';
import type { ContestStorage } from './storage.js';

const config = loadConfig({ DATA_DIR: '/unused', CAMPAIGN_START: '2026-12-01', CAMPAIGN_END: '2027-01-31T23:59:59' });
describe.each(TEST_BACKENDS)('on %s', (backend) => {
  const { database, board } = contestTestbed(backend, config.campaign);

  /**
   * Refreshes until `done` holds (at most 15 s). On PostgreSQL a reload row is applied only once every
   * older transaction in the cluster has ended, and another test file's may still be open.
   */
  async function refreshUntil(contest: RankLookup, done: () => boolean) {
    const refreshed = async () => {
      await contest.refresh();
      return done();
    };
    await expect.poll(refreshed, { timeout: 15_000, interval: 50 }).toBe(true);
  }

  const storesCsv = (ids: string[], optedOut: string[] = []) =>
    [
      'store_id,name,domain,logo_url,opted_in',
      ...ids.map((id) => `${id},Store ${id},${id},,${optedOut.includes(id) ? 'no' : 'yes'}`),
    ].join('\n');

  describe('the contest rules, imported and looked up', () => {
    // Thirteen participants and a few others. Amounts in naira; the window is December and January.
    const sales = `order_id,store_id,amount,status,paid_at
  o1,leader,1000,paid,2026-12-05T10:00:00+01:00
  o2,second,899.50,paid,2026-12-06T10:00:00+01:00
  o3,second,0.50,paid,2026-12-06
  o4,tie-a,800,paid,2026-12-07T10:00:00Z
  o5,tie-b,800,paid,2026-12-07T11:00:00Z
  o6,fifth,700,paid,2026-12-08T10:00:00+01:00
  o7,sixth,600,paid,2026-12-08T10:00:00+01:00
  o8,seventh,500,paid,2026-12-08T10:00:00+01:00
  o9,eighth,400,paid,2026-12-08T10:00:00+01:00
  o10,ninth,300,paid,2026-12-08T10:00:00+01:00
  o11,tenth,200,paid,2026-12-08T10:00:00+01:00
  o12,eleventh,150,paid,2027-01-31T23:59:59+01:00
  o13,duplicated,60,paid,2026-12-09T10:00:00+01:00
  o13,duplicated,60,paid,2026-12-09T10:00:00+01:00
  o14,duplicated,40,paid,2026-12-09T11:00:00+01:00
  o15,refunded,500,paid,2026-12-10T10:00:00+01:00
  o16,refunded,50,paid,2026-12-10T11:00:00+01:00
  o15,refunded,500,refunded,2026-12-10T10:00:00+01:00
  o17,outside,900,paid,2026-11-30T23:59:59+01:00
  o18,outside,900,paid,2027-02-01T00:00:00+01:00
  o19,opted-out,5000,paid,2026-12-10T10:00:00+01:00
  `;
    const ids = ['leader', 'second', 'tie-a', 'tie-b', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
    const all = [...ids, 'eleventh', 'duplicated', 'refunded', 'outside', 'no-sales', 'opted-out'];

    async function world() {
      const db = await database();
      await db.storage.importStores(parseStoresCsv(storesCsv(all, ['opted-out'])));
      const summary = await db.storage.importSales(config.campaign, parseSalesCsv(sales));
      return { db, summary, contest: await board(db) };
    }

    it.each([
      ['the leader aims at its own revenue', 'leader', 1, 1000, 1000, 0],
      ['place 2 aims at place 1', 'second', 2, 900, 1000, 100],
      ['a tie shares place 3 and aims at place 2', 'tie-a', 3, 800, 900, 100],
      ['the other half of the tie', 'tie-b', 3, 800, 900, 100],
      ['place 5 after a tie aims at place 4', 'fifth', 5, 700, 800, 100],
      ['place 6', 'sixth', 6, 600, 700, 100],
      ['place 10, the last prize, aims at place 9', 'tenth', 10, 200, 300, 100],
      ['outside the prizes aims at place 10 (sale at the last second of the window)', 'eleventh', 11, 150, 200, 50],
      ['a duplicate row counts once', 'duplicated', 12, 100, 200, 100],
      ['a refund removes the refunded order only', 'refunded', 13, 50, 200, 150],
      ['sales outside the window are not counted', 'outside', null, 0, 200, 200],
      ['zero revenue has no rank and aims at place 10', 'no-sales', null, 0, 200, 200],
    ])('given %s: %s should be rank %s with %s / %s / %s', async (_, id, rank, total, winning, toWin) => {
      const { contest } = await world();
      expect(contest.lookup(`${id}.kasuwa.shop`)).toEqual({
        storeId: id,
        name: `Store ${id}`,
        logo: null,
        rank,
        totalRevenue: total,
        winningRevenue: winning,
        revenueToWin: toWin,
      });
    });

    it('given the import should count accepted, duplicate, refunded and outside-window rows', async () => {
      const { summary } = await world();
      expect(summary).toEqual({ accepted: 17, duplicates: 1, refunds: 1, outsideWindow: 2, rejected: 0 });
    });

    it('given an opted-out store with sales should not find it, and it should not take a place', async () => {
      const { contest } = await world();
      expect(() => contest.lookup('opted-out')).toThrow(expect.objectContaining({ code: 'STORE_NOT_FOUND' }));
      expect(contest.index.participants).toBe(13);
    });

    it('given the same file imported again should change nothing', async () => {
      const { db } = await world();
      const again = await db.storage.importSales(config.campaign, parseSalesCsv(sales));
      expect(again).toEqual({ accepted: 0, duplicates: 21, refunds: 0, outsideWindow: 0, rejected: 0 });
      expect((await board(db)).lookup('second')).toMatchObject({ rank: 2, totalRevenue: 900 });
    });

    it.each([
      ['the leader', 'big', 1, 300, 300, 0],
      ['place 2', 'middle', 2, 200, 300, 100],
      ['place 3', 'small', 3, 100, 200, 100],
      ['zero revenue, with nothing to aim at', 'none', null, 0, 0, 0],
    ])('given fewer than ten participants, %s should be rank %s', async (_, id, rank, total, winning, toWin) => {
      const db = await database();
      await db.storage.importStores(parseStoresCsv(storesCsv(['big', 'middle', 'small', 'none'])));
      await db.storage.importSales(
        config.campaign,
        parseSalesCsv(`order_id,store_id,amount,status,paid_at
  a,big,300,paid,2026-12-24T12:00:00+01:00
  b,middle,200,paid,2026-12-24T12:00:00+01:00
  c,small,100,paid,2026-12-24T12:00:00+01:00`),
      );
      expect((await board(db)).lookup(id)).toMatchObject({
        rank,
        totalRevenue: total,
        winningRevenue: winning,
        revenueToWin: toWin,
      });
    });

    it('given the answer should name no other store', async () => {
      const { contest } = await world();
      const text = JSON.stringify(contest.lookup('second'));
      for (const other of all.filter((id) => id !== 'second')) expect(text).not.toContain(other);
    });
  });

  describe('freshness', () => {
    it('given a sale imported by another connection should show in lookups within 5 seconds', async () => {
      const db = await database();
      await db.storage.importStores(parseStoresCsv(storesCsv(['first', 'late'])));
      const contest = await board(db);
      contest.start();
      expect(contest.lookup('late')).toMatchObject({ rank: null });

      const writer = await db.anotherConnection(); // as another process would
      await writer.importSales(
        config.campaign,
        parseSalesCsv('order_id,store_id,amount,status,paid_at\nx1,late,2500,paid,2026-12-31T20:00:00+01:00'),
      );
      await vi.waitFor(() => expect(contest.lookup('late')).toMatchObject({ rank: 1, totalRevenue: 2500 }), {
        timeout: 5000,
        interval: 100,
      });
    });

    it('given a store renamed and then opted out by another connection should show that within 5 seconds', async () => {
      const db = await database();
      await db.storage.importStores(parseStoresCsv(storesCsv(['shop'])));
      const contest = await board(db);
      contest.start();
      expect(contest.lookup('shop').name).toBe('Store shop');

      const writer = await db.anotherConnection();
      await writer.importStores(parseStoresCsv('store_id,name,domain,logo_url\nshop,Renamed Shop,shop,'));
      await vi.waitFor(() => expect(contest.lookup('shop').name).toBe('Renamed Shop'), {
        timeout: 5000,
        interval: 100,
      });
      await writer.importStores(parseStoresCsv('store_id,name,domain,logo_url,opted_in\nshop,Renamed Shop,shop,,no'));
      await vi.waitFor(
        () => expect(() => contest.lookup('shop')).toThrow(expect.objectContaining({ code: 'STORE_NOT_FOUND' })),
        {
          timeout: 5000,
          interval: 100,
        },
      );
    });

    it('given a new store, and a custom domain handed to it, by another connection should show them within 5 seconds', async () => {
      const db = await database();
      await db.storage.importStores(
        parseStoresCsv('store_id,name,domain,logo_url,custom_domain\nold,Old Shop,old,,shop.com.ng'),
      );
      const contest = await board(db);
      contest.start();
      expect(contest.lookup('shop.com.ng').storeId).toBe('old');
      expect(() => contest.lookup('new')).toThrow(expect.objectContaining({ code: 'STORE_NOT_FOUND' }));

      const writer = await db.anotherConnection();
      await writer.importStores(
        parseStoresCsv(
          'store_id,name,domain,logo_url,custom_domain\nold,Old Shop,old,,\nnew,New Shop,new,,shop.com.ng',
        ),
      );
      await vi.waitFor(() => expect(contest.lookup('shop.com.ng').storeId).toBe('new'), {
        timeout: 5000,
        interval: 100,
      });
      expect(contest.lookup('new')).toMatchObject({ storeId: 'new', name: 'New Shop', rank: null });
      expect(contest.lookup('old').storeId).toBe('old');
    });

    it('given a bulk import by another connection should reload and show it', async () => {
      const db = await database();
      const ids = Array.from({ length: 12_000 }, (_, i) => `bulk-${i}`);
      await db.storage.importStores(parseStoresCsv(storesCsv(ids)));
      const contest = await board(db);
      const rows = ids.map((id, i) => `${id}-o,${id},${i + 1},paid,2026-12-20T12:00:00Z`);
      const writer = await db.anotherConnection();
      await writer.importSales(
        config.campaign,
        parseSalesCsv(['order_id,store_id,amount,status,paid_at', ...rows].join('\n')),
      );
      await refreshUntil(contest, () => contest.index.participants === 12_000);
      expect(contest.index.participants).toBe(12_000);
      expect(contest.lookup('bulk-0')).toMatchObject({ rank: 12_000, totalRevenue: 1, winningRevenue: 11_991 });
    });

    it('given a rename, an opt-out and a bulk sales import in one poll should reload the revenues without the opted-out and show the rename', async () => {
      const db = await database();
      const ids = Array.from({ length: 12_000 }, (_, i) => `bulk-${i}`);
      await db.storage.importStores(parseStoresCsv(storesCsv(ids, ['bulk-1'])));
      const contest = await board(db);
      const writer = await db.anotherConnection();
      await writer.importStores(
        parseStoresCsv(
          'store_id,name,domain,logo_url,opted_in\nbulk-0,Renamed,bulk-0,,yes\nbulk-2,Store bulk-2,bulk-2,,no',
        ),
      );
      const rows = ids.map((id, i) => `${id}-o,${id},${i + 1},paid,2026-12-20T12:00:00Z`);
      await writer.importSales(
        config.campaign,
        parseSalesCsv(['order_id,store_id,amount,status,paid_at', ...rows].join('\n')),
      );
      await refreshUntil(contest, () => contest.index.participants === 11_998);
      expect(contest.index.participants).toBe(11_998);
      expect(contest.lookup('bulk-0')).toMatchObject({ name: 'Renamed', rank: 11_998, totalRevenue: 1 });
      for (const optedOut of ['bulk-1', 'bulk-2']) {
        expect(() => contest.lookup(optedOut)).toThrow(expect.objectContaining({ code: 'STORE_NOT_FOUND' }));
      }
    });

    it('given log rows pruned before this process applied them should reload and show every sale', async () => {
      const db = await database();
      await db.storage.importStores(parseStoresCsv(storesCsv(['a', 'b'])));
      const contest = await board(db);
      const writer = await db.anotherConnection();
      const sale = (order: string, store: string) =>
        writer.importSales(
          config.campaign,
          parseSalesCsv(`order_id,store_id,amount,status,paid_at\n${order},${store},100,paid,2026-12-20T12:00:00Z`),
        );
      await sale('o-a', 'a');
      await sale('o-b', 'b');
      // Keeps only the row of the sale to b; again while a writer elsewhere in the cluster holds the horizon back.
      await vi.waitFor(
        async () => {
          await writer.pruneChanges(1);
          expect(await db.count('contest_changes')).toBe(1);
        },
        { timeout: 10_000, interval: 100 },
      );
      await contest.refresh();
      expect(contest.lookup('a')).toMatchObject({ rank: 1, totalRevenue: 100 });
      expect(contest.lookup('b')).toMatchObject({ rank: 1, totalRevenue: 100 });
    });

    it('given another campaign window should recompute the counted revenues', async () => {
      const db = await database();
      await db.storage.importStores(parseStoresCsv(storesCsv(['early'])));
      await db.storage.importSales(
        config.campaign,
        parseSalesCsv('order_id,store_id,amount,status,paid_at\ne1,early,10,paid,2026-11-15'),
      );
      expect((await board(db)).lookup('early')).toMatchObject({ rank: null });
      const november = loadConfig({ DATA_DIR: '/unused', CAMPAIGN_START: '2026-11-01', CAMPAIGN_END: '2026-11-30' });
      const recomputed = await board(db, november.campaign);
      expect(recomputed.lookup('early')).toMatchObject({ rank: 1, totalRevenue: 10 });
    });
  });

  describe('reloads aside', () => {
    /**
     * The storage, with a hook the test sets: called each time a reload (everything, or the revenues)
     * asks for its next page, so after the board took the page before into its new index and before it
     * swaps that index in. The reload yields to the event loop only there, so these are the moments a
     * request could be answered during it.
     */
    function pausingBetweenPages(storage: ContestStorage) {
      const pages = { between: undefined as (() => void) | undefined };
      async function* paged<T>(source: AsyncIterable<T>) {
        for await (const page of source) {
          yield page;
          pages.between?.();
        }
      }
      const wrapped: ContestStorage = {
        ...storage,
        snapshot: (read) =>
          storage.snapshot((snapshot) =>
            read({
              ...snapshot,
              allStores: () => paged(snapshot.allStores()),
              allRevenues: () => paged(snapshot.allRevenues()),
            }),
          ),
      };
      return { storage: wrapped, pages };
    }

    /** The board over `db`, its reloads pausable between pages. */
    async function pausableBoard(db: ContestTestDatabase) {
      const { storage, pages } = pausingBetweenPages(db.storage);
      return { contest: await board({ ...db, storage }), pages };
    }

    /**
     * Waits until every row of the change log is settled, so the next refresh applies the reload row. On
     * PostgreSQL a row settles once every older transaction in the cluster has ended (another test
     * file's may still be open); on SQLite at once. This waits for the database, not for the reload.
     */
    async function logSettled(db: ContestTestDatabase) {
      const unsettled = () => db.storage.snapshot(async (snapshot) => (await snapshot.changesSince(0)).unsettled);
      await expect.poll(unsettled, { timeout: 15_000, interval: 50 }).toBe(0);
    }

    /** The answers to lookups of `domain` at each pause of the one refresh that applies the reload. */
    async function lookupsDuringReload(
      db: ContestTestDatabase,
      { contest, pages }: Awaited<ReturnType<typeof pausableBoard>>,
      domain: string,
    ) {
      await logSettled(db);
      const answers: unknown[] = [];
      pages.between = () => {
        try {
          answers.push(contest.lookup(domain));
        } catch (error) {
          answers.push(error);
        }
      };
      try {
        await contest.refresh();
      } finally {
        pages.between = undefined;
      }
      return answers;
    }

    const salesCsv = (ids: string[], amount: (i: number) => number) =>
      [
        'order_id,store_id,amount,status,paid_at',
        ...ids.map((id, i) => `${id}-o,${id},${amount(i)},paid,2026-12-20T12:00:00Z`),
      ].join('\n');

    it('given a bulk store import should answer lookups from the old standings while it reloads everything', async () => {
      const db = await database();
      await db.storage.importStores(parseStoresCsv(storesCsv(['steady'])));
      await db.storage.importSales(config.campaign, parseSalesCsv(salesCsv(['steady'], () => 500)));
      const paused = await pausableBoard(db);
      const { contest } = paused;
      const ids = Array.from({ length: 30_000 }, (_, i) => `bulk-${i}`);
      await db.storage.importStores(parseStoresCsv(storesCsv(ids)));
      const during = await lookupsDuringReload(db, paused, 'steady');
      expect(during.length).toBeGreaterThan(1);
      for (const answer of during) expect(answer).toMatchObject({ storeId: 'steady', rank: 1, totalRevenue: 500 });
      expect(contest.lookup('bulk-29999')).toMatchObject({ storeId: 'bulk-29999', rank: null });
      expect(contest.feed.reloads.everything).toBe(2);
    });

    it('given a bulk sales import should answer lookups from the old ranks while it reloads the revenues', async () => {
      const db = await database();
      const ids = Array.from({ length: 30_000 }, (_, i) => `bulk-${i}`);
      await db.storage.importStores(parseStoresCsv(storesCsv(['steady', ...ids])));
      await db.storage.importSales(config.campaign, parseSalesCsv(salesCsv(['steady'], () => 500)));
      const paused = await pausableBoard(db);
      const { contest } = paused;
      await db.storage.importSales(config.campaign, parseSalesCsv(salesCsv(ids, (i) => 1000 + i)));
      const during = await lookupsDuringReload(db, paused, 'steady');
      // The old rank at every page until the new index is swapped in whole, then the new one: never a partial index.
      expect(during.length).toBeGreaterThan(1);
      for (const answer of during) expect(answer).toMatchObject({ storeId: 'steady', rank: 1, totalRevenue: 500 });
      expect(contest.lookup('steady')).toMatchObject({ rank: 30_001, totalRevenue: 500 });
      expect(contest.feed.reloads.revenues).toBe(1);
    });
  });
});
