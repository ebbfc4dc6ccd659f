/**
 * What the dialog's two numbers mean, for the "?" popover beside each card. The rules are those of the
 * docs/contest.md, "Rules as implemented": Winner's Revenue is the revenue of the next better prize place.
 * Only the popover's chunk imports this file, so the texts load on the first open.
 */
import { PRIZE_PLACES } from '../../common/campaign.js';
import type { StoreLeaderboard } from '../shared/documents.js';

export type RevenueTopic = 'yours' | 'winners';

/** The popover's text for a card, from the lookup result the dialog shows. */
export function revenueHelp(topic: RevenueTopic, entry: Partial<StoreLeaderboard> | null | undefined): string[] {
  if (topic === 'yours') {
    return [
      'Your paid sales during the New Year sales contest, minus refunds. Sales before it starts or after it ends do not count.',
      "The bar below shows it as a share of Winner's Revenue.",
    ];
  }
  const rank = entry?.rank ?? null;
  if (rank === 1) {
    return ['You are in first place, so this is your own revenue.', 'Keep selling to stay ahead of place 2.'];
  }
  if (rank !== null && rank <= PRIZE_PLACES) {
    return [
      `The revenue of place ${rank - 1}, the place just above yours.`,
      `Sell more than it to move up a place. Places 1 to ${PRIZE_PLACES} all win a prize.`,
    ];
  }
  if (!entry?.winningRevenue) {
    return [
      `Fewer than ${PRIZE_PLACES} stores have sales in the contest yet, so there is no place ${PRIZE_PLACES} to beat.`,
      'Your first sale puts you in a prize place.',
    ];
  }
  return [
    `The revenue of place ${PRIZE_PLACES}, the last place that wins a prize.`,
    `Sell more than it to win a prize. It is not the leader's revenue: places 1 to ${PRIZE_PLACES} all win.`,
  ];
}
