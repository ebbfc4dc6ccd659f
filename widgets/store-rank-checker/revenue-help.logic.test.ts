import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../common/lingui.js';
import { revenueHelp } from './revenue-help.logic.js';

const t = translatorFor('en');

describe('revenueHelp', () => {
  it.each([
    ['the leader', { rank: 1, winningRevenue: 300 }, 'You are in first place, so this is your own revenue.'],
    ['place 2', { rank: 2, winningRevenue: 300 }, 'The revenue of place 1, the place just above yours.'],
    ['place 10', { rank: 10, winningRevenue: 300 }, 'The revenue of place 9, the place just above yours.'],
    ['place 11', { rank: 11, winningRevenue: 300 }, 'The revenue of place 10, the last place that wins a prize.'],
    ['no sales', { rank: null, winningRevenue: 300 }, 'The revenue of place 10, the last place that wins a prize.'],
    [
      'no sales and fewer than ten participants',
      { rank: null, winningRevenue: 0 },
      'Fewer than 10 stores have sales in the contest yet, so there is no place 10 to beat.',
    ],
  ])("given %s should explain Winner's Revenue as %j", (_, entry, first) => {
    expect(revenueHelp('winners', entry, t)[0]).toBe(first);
  });

  it('given Your Revenue should say what counts, whatever the rank', () => {
    expect(revenueHelp('yours', { rank: 4 }, t)[0]).toContain(
      'paid sales during the New Year sales contest, minus refunds',
    );
    expect(revenueHelp('yours', null, t)).toEqual(revenueHelp('yours', { rank: 1 }, t));
  });
});
