/**
 * The contest rules of the docs/contest.md as pure functions, independent of where revenues come from.
 * Revenues are integer kobo.
 */
import { PRIZE_PLACES } from '../../common/campaign.js';

export type Standing = {
  rank: number | null;
  totalRevenueKobo: number;
  winningRevenueKobo: number;
  revenueToWinKobo: number;
};

/**
 * @param ownKobo the store's revenue in the window
 * @param countAbove how many participants have strictly more revenue
 * @param revenueAtPlace revenue of the participant at a 1-based position in the sorted order
 *   (highest first), or 0 when there are fewer participants
 */
export function standingFor(ownKobo: number, countAbove: number, revenueAtPlace: (place: number) => number): Standing {
  const rank = ownKobo > 0 ? countAbove + 1 : null;
  let winning: number;
  if (rank === 1) winning = ownKobo;
  else if (rank !== null && rank <= PRIZE_PLACES) winning = revenueAtPlace(rank - 1);
  else winning = revenueAtPlace(PRIZE_PLACES);
  return {
    rank,
    totalRevenueKobo: ownKobo,
    winningRevenueKobo: winning,
    revenueToWinKobo: Math.max(0, winning - ownKobo),
  };
}

export const koboToNaira = (kobo: number): number => Math.round(kobo) / 100;
