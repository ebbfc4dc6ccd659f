/**
 * What a rank lookup shows, from one getStoreLeaderboard answer: the widget's dialog and the no-JavaScript
 * rank page print the same words and numbers from this. Table-tested in leaderboard-view.test.ts.
 */
import { msg } from '@lingui/core/macro';
import { brand } from './brand.js';
import type { Translate } from './i18n.js';
import type { StoreLeaderboard } from './leaderboard.js';
import { formatCompactNaira, formatNaira } from './money.js';

/** totalRevenue ÷ winningRevenue as a percent; 0 if either is 0 (or missing); never above 100. */
export function progressPercent(totalRevenue: number, winningRevenue: number): number {
  if (!totalRevenue || !winningRevenue || !Number.isFinite(totalRevenue / winningRevenue)) return 0;
  return Math.max(0, Math.min(100, (totalRevenue / winningRevenue) * 100));
}

/** First letters of up to two words of the name, upper-cased; the brand initials without a name. */
export function initials(name: string | null | undefined, fallback: string = brand.initials): string {
  const letters = (name ?? '')
    .split(/[\s\-_.]+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
  return letters || fallback;
}

const NO_RANK = msg({ id: 'rank.no-rank', message: 'N/A' });
const SELL_OVER = msg({ id: 'rank.sell-over', message: 'Sell over {amount} more to win' });

/** Everything the dialog prints, from one lookup result (or none), in the language of `t`. */
export function leaderboardView(entry: Partial<StoreLeaderboard> | null | undefined, t: Translate) {
  const total = entry?.totalRevenue ?? 0;
  const winning = entry?.winningRevenue ?? 0;
  const progress = progressPercent(total, winning);
  return {
    name: entry?.name ?? '',
    logo: entry?.logo || null,
    initials: initials(entry?.name),
    rank: entry?.rank == null ? t(NO_RANK) : String(entry.rank),
    yourRevenue: formatCompactNaira(total),
    winnersRevenue: formatCompactNaira(winning),
    progress,
    /** The percent as read out and printed: one decimal. */
    progressLabel: Math.round(progress * 10) / 10,
    sellOver: t(SELL_OVER, { amount: formatNaira(entry?.revenueToWin ?? 0) }),
  };
}
