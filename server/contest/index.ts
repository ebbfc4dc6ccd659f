/**
 * The contest, the entry the composition root uses (server/capability.ts): the standings in memory, loaded
 * in the background and kept current from the change feed; rank lookups counted in kasuwa_rank_lookups_total;
 * sales taken in over POST /ingest/sales (docs/contest.md).
 */
import type client from 'prom-client';
import type { Campaign } from '../../common/campaign.js';
import type { Capability } from '../capability.js';
import { countedLookup } from './counted-lookup.js';
import { registerContestMetrics } from './metrics.js';
import { parseSalesNdjson } from './parse.js';
import { RankLookup, type StoreLeaderboard } from './rank-lookup.js';
import type { ContestStorage } from './storage.js';

export type { ContestStorage } from './storage.js';
export { contestStorageFor } from './storage-for-database.js';

export type ContestApi = {
  /** The board itself (tests and the admin commands refresh it or look a store up). */
  contest: RankLookup;
  /** Settles when the rank index and the store directory are loaded (rejects if loading failed). */
  loaded: Promise<void>;
  /** A store's standing, from memory, counted by outcome. */
  getStoreLeaderboard(domain: string): StoreLeaderboard;
  /** POST /ingest/sales: NDJSON sales, all or nothing; this process's board sees them at once. */
  ingestSales(ndjson: string): ReturnType<ContestStorage['importSales']>;
};

export function create(deps: {
  storage: ContestStorage;
  campaign: Campaign;
  registry: client.Registry;
}): Capability<ContestApi> {
  const { storage, campaign } = deps;
  // Loaded in the background: the server listens meanwhile and answers 503 on /readyz until it is done.
  const contest = RankLookup.empty(storage);
  let closed = false;
  const loaded = contest.loadStandings(campaign).then(() => {
    if (!closed) contest.start();
  });
  loaded.catch(() => {}); // startServer awaits it and fails the start
  const metrics = registerContestMetrics(deps.registry, contest);
  return {
    api: {
      contest,
      loaded,
      getStoreLeaderboard: countedLookup(contest, (outcome, seconds) => metrics.rankLookup(outcome, seconds)),
      async ingestSales(ndjson) {
        const summary = await storage.importSales(campaign, parseSalesNdjson(ndjson));
        await loaded;
        await contest.refresh();
        return summary;
      },
    },
    async close() {
      closed = true;
      contest.stop();
    },
  };
}
