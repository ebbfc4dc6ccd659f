import { describe, expect, it } from 'vitest';
import { standingFor } from './ranking-rules.js';

/** Revenues sorted highest first, as the rules see them. */
function standing(sorted: number[], own: number) {
  const above = sorted.filter((revenue) => revenue > own).length;
  return standingFor(own, above, (place) => sorted[place - 1] ?? 0);
}

describe('standingFor', () => {
  const twelve = [1200, 1100, 1000, 900, 800, 700, 600, 500, 400, 300, 200, 100];

  it('given the leader should aim at its own revenue', () => {
    expect(standing(twelve, 1200)).toEqual({
      rank: 1,
      totalRevenueKobo: 1200,
      winningRevenueKobo: 1200,
      revenueToWinKobo: 0,
    });
  });

  it('given place 5 should aim at place 4', () => {
    expect(standing(twelve, 800)).toMatchObject({ rank: 5, winningRevenueKobo: 900, revenueToWinKobo: 100 });
  });

  it('given place 12 should aim at place 10', () => {
    expect(standing(twelve, 100)).toMatchObject({ rank: 12, winningRevenueKobo: 300, revenueToWinKobo: 200 });
  });

  it('given a tie should share the rank and aim at the next better revenue', () => {
    const tied = [500, 400, 400, 300];
    expect(standing(tied, 400)).toMatchObject({ rank: 2, winningRevenueKobo: 500, revenueToWinKobo: 100 });
    expect(standing(tied, 300)).toMatchObject({ rank: 4, winningRevenueKobo: 400 });
  });

  it('given no revenue should have no rank and aim at place 10, or 0 with fewer than ten participants', () => {
    expect(standing(twelve, 0)).toMatchObject({ rank: null, winningRevenueKobo: 300, revenueToWinKobo: 300 });
    expect(standing([500, 400], 0)).toMatchObject({ rank: null, winningRevenueKobo: 0, revenueToWinKobo: 0 });
  });
});
