/**
 * Intake and the change log with two writers at once, as two server processes would be: the same order
 * ingested twice at the same moment, the same host claimed by two store imports, and (PostgreSQL) a
 * change committed late under a lower transaction id, what the feed reports while it waits, pruning
 * while it is open, and a store's maximum reached by another import meanwhile.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ContestTestDatabase, contestTestDatabase } from '../../testing/server/contest-testbed.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { loadConfig } from '../config.js';
import { MAX_STORE_KOBO, storeOverCap } from './amount-limits.js';
import { IntakeRejected } from './intake-rules.js';
import { parseSalesNdjson, parseStoresCsv } from './parse.js';
import { RankLookup } from './rank-lookup.js';

const { campaign } = loadConfig({ DATA_DIR: '/unused' });
const opened: ContestTestDatabase[] = [];
const boards: RankLookup[] = [];

afterEach(async () => {
  for (const board of boards.splice(0)) board.stop();
  for (const db of opened.splice(0)) await db.close();
});

async function database(backend: (typeof TEST_BACKENDS)[number]) {
  const db = await contestTestDatabase(backend);
  opened.push(db);
  await db.storage.importStores(parseStoresCsv('store_id,name,domain,logo_url\ns1,Shop One,one,\ns2,Shop Two,two,'));
  return db;
}

const sale = (order: string, store: string, amount: number) =>
  JSON.stringify({ order_id: order, store_id: store, amount, status: 'paid', paid_at: '2026-12-24T12:00:00+01:00' });

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  it('given the same order ingested by two connections at once should count it once', async () => {
    const db = await database(backend);
    const other = await db.anotherConnection();
    const body = [sale('twice-1', 's1', 1000), sale('twice-2', 's2', 500)].join('\n');
    const results = await Promise.all([
      db.storage.importSales(campaign, parseSalesNdjson(body)),
      other.importSales(campaign, parseSalesNdjson(body)),
    ]);
    expect(results.map((summary) => summary.accepted).sort()).toEqual([0, 2]);
    expect(results.map((summary) => summary.duplicates).sort()).toEqual([0, 2]);
    expect(await db.revenueOf('s1')).toBe(100_000);
    expect(await db.revenueOf('s2')).toBe(50_000);
  });

  it('given two ingests touching the same stores in opposite orders should apply both', async () => {
    const db = await database(backend);
    const other = await db.anotherConnection();
    const rounds = Array.from({ length: 5 }, (_, i) =>
      Promise.all([
        db.storage.importSales(
          campaign,
          parseSalesNdjson([sale(`a-${i}-1`, 's1', 10), sale(`a-${i}-2`, 's2', 10)].join('\n')),
        ),
        other.importSales(
          campaign,
          parseSalesNdjson([sale(`b-${i}-2`, 's2', 10), sale(`b-${i}-1`, 's1', 10)].join('\n')),
        ),
      ]),
    );
    await Promise.all(rounds);
    expect(await db.revenueOf('s1')).toBe(10 * 1000);
    expect(await db.revenueOf('s2')).toBe(10 * 1000);
  });

  it('given two store imports claiming one host at once should let exactly one have it', async () => {
    const db = await database(backend);
    const other = await db.anotherConnection();
    const outcomes = await Promise.allSettled([
      db.storage.importStores(parseStoresCsv('store_id,name,domain,logo_url\nx1,X One,contested,')),
      other.importStores(parseStoresCsv('store_id,name,domain,logo_url\nx2,X Two,contested,')),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected')?.reason;
    expect(rejected).toBeInstanceOf(IntakeRejected);
    expect((rejected as IntakeRejected).errors).toEqual([
      { line: 2, reason: 'domain contested.kasuwa.shop is already used by another store' },
    ]);
  });
});

describe('on postgres, the change log in commit order', () => {
  /** Polls until the board has applied every log row it sees: no older transaction holds the horizon. */
  const refreshUntilSettled = (board: RankLookup, timeout: number) =>
    vi.waitFor(
      async () => {
        await board.refresh();
        expect(board.feed).toMatchObject({ unsettledChanges: 0, unsettledSeconds: 0 });
      },
      { timeout, interval: 50 },
    );

  /** A writer that starts first (lower transaction id, lower log sequence number) and has not committed. */
  async function slowWriter(db: ContestTestDatabase) {
    if (db.opened.backend !== 'postgres') throw new Error('unreachable');
    const slow = await db.opened.pool.connect();
    await slow.query('BEGIN');
    await slow.query(
      "INSERT INTO sales (order_id, store_id, amount_kobo, status, paid_at) VALUES ('slow-1', 's1', 70000, 'paid', '2026-12-24T11:00:00Z')",
    );
    await slow.query("UPDATE contest_standings SET revenue_kobo = revenue_kobo + 70000 WHERE store_id = 's1'");
    await slow.query(
      "INSERT INTO contest_changes (store_key) SELECT store_key FROM contest_standings WHERE store_id = 's1'",
    );
    return slow;
  }

  it('given a change committed after a later one was applied should still show it', async () => {
    const db = await database('postgres');
    const board = await RankLookup.load(db.storage, campaign);
    boards.push(board);
    const slow = await slowWriter(db);
    try {
      // A later writer commits first, and this process applies it.
      await db.storage.importSales(campaign, parseSalesNdjson(sale('fast-1', 's2', 300)));
      await board.refresh();
      expect(board.lookup('two')).toMatchObject({ rank: 1, totalRevenue: 300 });
      expect(board.lookup('one')).toMatchObject({ rank: null });
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    await board.refresh();
    expect(board.lookup('one')).toMatchObject({ rank: 1, totalRevenue: 700 });
    expect(board.lookup('two')).toMatchObject({ rank: 2, totalRevenue: 300 });
  });
  it('given an open writer holding the log back should report the changes it cannot settle, and none once it ends', async () => {
    const db = await database('postgres');
    const board = await RankLookup.load(db.storage, campaign);
    boards.push(board);
    const slow = await slowWriter(db);
    // Only the clock is fake: the age is read from Date.now, and the database still answers.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await db.storage.importSales(campaign, parseSalesNdjson(sale('fast-1', 's2', 300)));
      // Transaction ids are cluster-wide: another test's writer may move the horizon between two polls,
      // so the pair is tried again until one spans a horizon only this writer holds.
      let held = board.feed;
      for (let attempt = 0; attempt < 20 && held.unsettledSeconds < 5; attempt += 1) {
        await board.refresh();
        vi.setSystemTime(Date.now() + 5000);
        await board.refresh();
        held = board.feed;
      }
      expect(held.unsettledChanges).toBeGreaterThanOrEqual(1);
      expect(held.unsettledSeconds).toBeGreaterThanOrEqual(5);
      await slow.query('COMMIT');
    } finally {
      vi.useRealTimers();
      slow.release();
    }
    await refreshUntilSettled(board, 10_000);
  });

  it('given another import raising a store near its maximum while an ingest waits for it should refuse the line past it', async () => {
    const db = await database('postgres');
    if (db.opened.backend !== 'postgres') throw new Error('unreachable');
    const { pool } = db.opened;
    const slow = await pool.connect();
    let ingest: Promise<unknown> | undefined;
    try {
      await slow.query('BEGIN');
      await slow.query(`UPDATE contest_standings SET recorded_kobo = ${MAX_STORE_KOBO - 50} WHERE store_id = 's1'`);
      // The ingest reads s1's total before that commits, then waits for the row.
      ingest = db.storage.importSales(campaign, parseSalesNdjson(sale('late-1', 's1', 1))).catch((error) => error);
      await vi.waitFor(
        async () => {
          const { rows } = await pool.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          expect(rows[0].n).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    const rejected = await ingest;
    expect(rejected).toBeInstanceOf(IntakeRejected);
    expect((rejected as IntakeRejected).errors).toEqual([{ line: 1, reason: storeOverCap('s1') }]);
    expect(await db.sale('late-1')).toBeUndefined();
  });

  it('given the log pruned while an older writer is open should not reload everything at each poll', async () => {
    const db = await database('postgres');
    const board = await RankLookup.load(db.storage, campaign);
    boards.push(board);
    // The load logs a reload row (the standings computed). A transaction of another database open across
    // the load keeps the board's cursor below it, and the board applies it, reloading, once that
    // transaction ends, at any later poll: wait for the log to settle first, so the count below is the prune's.
    await refreshUntilSettled(board, 20_000);
    const slow = await slowWriter(db);
    try {
      for (let i = 0; i < 6; i += 1) await db.storage.importSales(campaign, parseSalesNdjson(sale(`f-${i}`, 's2', 1)));
      await db.storage.pruneChanges(2);
      // One reload may follow the prune: the board's cursor is the cluster's xmin, so a transaction of
      // another database open when the board loaded (another test file's, or another tenant's) holds it
      // below rows the prune may delete. Deleting past the open writer would reload at every poll after it.
      await board.refresh();
      const before = board.feed.reloads.everything;
      await board.refresh();
      await board.refresh();
      expect(board.feed.reloads.everything).toBe(before);
      expect(board.lookup('two')).toMatchObject({ rank: 1, totalRevenue: 6 });
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    await board.refresh();
    expect(board.lookup('one')).toMatchObject({ rank: 1, totalRevenue: 700 });
  });
});
