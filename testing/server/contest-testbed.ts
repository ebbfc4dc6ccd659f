/** For the contest tests: a fresh migrated database on either backend, its contest storage, and a few reads by Kysely. */
import { afterEach } from 'vitest';
import type { Campaign } from '../../common/campaign.js';
import { RankLookup } from '../../server/contest/rank-lookup.js';
import type { ContestStorage } from '../../server/contest/storage.js';
import { contestStorageFor } from '../../server/contest/storage-for-database.js';
import { type Backend, type OpenedDatabase, openDatabase } from '../../server/db/database.js';
import { freshDatabase } from './databases.js';
import { countRows } from './scratch-database.js';

export type ContestTestDatabase = Awaited<ReturnType<typeof contestTestDatabase>>;

export async function contestTestDatabase(backend: Backend) {
  const scratch = await freshDatabase(backend);
  const { opened } = scratch;
  const storage: ContestStorage = contestStorageFor(opened);
  const { db } = opened;
  const others: OpenedDatabase[] = [];
  return {
    backend,
    opened,
    storage,
    count: (table: 'sales' | 'stores' | 'contest_changes') => countRows(db, table),
    async revenueOf(storeId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('contest_standings')
        .select('revenue_kobo')
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      return row && Number(row.revenue_kobo);
    },
    sale: (orderId: string) => db.selectFrom('sales').selectAll().where('order_id', '=', orderId).executeTakeFirst(),
    /** The contest storage of a second connection to the same database, as another process would have. */
    async anotherConnection(): Promise<ContestStorage> {
      const other = await openDatabase({
        dataDir: scratch.env.DATA_DIR,
        databaseUrl: scratch.env.DATABASE_URL,
      });
      others.push(other);
      return contestStorageFor(other);
    },
    async close() {
      for (const other of others) await other.close();
      await scratch.drop();
    },
  };
}

/**
 * For a describe block of contest tests: the databases and boards its tests open are closed after
 * each test.
 */
export function contestTestbed(backend: Backend, campaign: Campaign) {
  const opened: ContestTestDatabase[] = [];
  const boards: RankLookup[] = [];
  afterEach(async () => {
    for (const board of boards.splice(0)) board.stop();
    for (const db of opened.splice(0)) await db.close();
  });
  return {
    /** A fresh database with the campaign's standings recorded, as the import commands leave one. */
    async database(): Promise<ContestTestDatabase> {
      const db = await contestTestDatabase(backend);
      opened.push(db);
      await db.storage.ensureStandings(campaign);
      return db;
    },
    /** The board over a database, for this campaign or another. */
    async board(db: ContestTestDatabase, forCampaign: Campaign = campaign): Promise<RankLookup> {
      const board = await RankLookup.load(db.storage, forCampaign);
      boards.push(board);
      return board;
    },
  };
}
