import { describe, expect, it } from 'vitest';
import { initials, leaderboardView, progressPercent } from './leaderboard-view.js';
import { translatorFor } from './lingui.js';

const english = translatorFor('en');

describe('progressPercent', () => {
  it.each([
    [50_000, 100_000, 50],
    [0, 100_000, 0],
    [100_000, 0, 0],
    [0, 0, 0],
    [1, 3, 100 / 3],
    [300_000, 300_000, 100],
    [450_000, 300_000, 100],
    [Number.NaN, 10, 0],
  ])('given total %s and winning %s should be %s percent', (total, winning, expected) => {
    expect(progressPercent(total, winning)).toBeCloseTo(expected, 10);
  });
});

describe('initials', () => {
  it.each([
    ['Adaeze Fabrics', 'AF'],
    ['mama nkechi kitchen', 'MN'],
    ['Tunde', 'T'],
    ['  Ọlá   Ẹ̀kọ́ ', 'ỌẸ'],
    ['', 'KS'],
    [null, 'KS'],
    [undefined, 'KS'],
  ])('given the name %j should be %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('leaderboardView', () => {
  it('given a full result should format the cards compactly and the goal in full naira', () => {
    expect(
      leaderboardView(
        {
          storeId: '1',
          name: 'Adaeze Fabrics',
          logo: null,
          rank: 3,
          totalRevenue: 1_500_000,
          winningRevenue: 3_000_000,
          revenueToWin: 1_500_000,
        },
        english,
      ),
    ).toEqual({
      name: 'Adaeze Fabrics',
      logo: null,
      initials: 'AF',
      rank: '3',
      yourRevenue: '₦1.5M',
      winnersRevenue: '₦3M',
      progress: 50,
      progressLabel: 50,
      sellOver: 'Sell over ₦1,500,000 more to win',
    });
  });

  it('given a share with many decimals should print it with one, and draw the bar with all of them', () => {
    const view = leaderboardView({ totalRevenue: 988_412, winningRevenue: 999_998 }, english);
    expect(view.progressLabel).toBe(98.8);
    expect(view.progress).toBeCloseTo(98.84138, 4);
  });

  it('says the goal in Hausa, the amount in en-NG', () => {
    const hausa = translatorFor('ha');
    expect(leaderboardView({ revenueToWin: 12_500 }, hausa).sellOver).toContain('₦12,500');
    expect(leaderboardView({ revenueToWin: 12_500 }, hausa).sellOver).not.toContain('Sell over');
  });

  it.each([[null], [{}], [{ name: null, rank: null, totalRevenue: 0, winningRevenue: 0, revenueToWin: 0 }]])(
    'given no data (%j) should show an empty name, N/A and the brand initials',
    (entry) => {
      const view = leaderboardView(entry, english);
      expect([view.name, view.rank, view.initials, view.progress]).toEqual(['', 'N/A', 'KS', 0]);
    },
  );
});
