/**
 * What the rank-lookup metrics count (kasuwa_rank_lookups_total and its duration): every lookup once, by
 * outcome: a standing, no such store, an empty field, or no answer (standings not loaded, a bug).
 */
import { UserFacingError } from '../errors.js';
import type { RankLookup, StoreLeaderboard } from './rank-lookup.js';

export const RANK_LOOKUP_OUTCOMES = ['found', 'not_found', 'invalid', 'failed'] as const;
export type RankLookupOutcome = (typeof RANK_LOOKUP_OUTCOMES)[number];

export function rankLookupOutcomeOf(error: unknown): RankLookupOutcome {
  if (!(error instanceof UserFacingError)) return 'failed';
  return error.code === 'STORE_NOT_FOUND' ? 'not_found' : error.code === 'BAD_USER_INPUT' ? 'invalid' : 'failed';
}

/** `contest.lookup`, with each lookup's outcome and seconds handed to `observe`; the answer and errors as they were. */
export function countedLookup(
  contest: Pick<RankLookup, 'lookup'>,
  observe: (outcome: RankLookupOutcome, seconds: number) => void,
) {
  return (domain: string): StoreLeaderboard => {
    const started = performance.now();
    try {
      const standing = contest.lookup(domain);
      observe('found', (performance.now() - started) / 1000);
      return standing;
    } catch (error) {
      observe(rankLookupOutcomeOf(error), (performance.now() - started) / 1000);
      throw error;
    }
  };
}
