/**
 * What the dialog's two numbers mean, for the "?" popover beside each card. The rules are those of the
 * docs/contest.md, "Rules as implemented": Winner's Revenue is the revenue of the next better prize place.
 * Only the popover's chunk imports this file, so the texts load on the first open.
 */
import { msg } from '@lingui/core/macro';
import { PRIZE_PLACES } from '../../common/campaign.js';
import type { Translate } from '../../common/i18n.js';
import type { StoreLeaderboard } from '../shared/documents.js';

export type RevenueTopic = 'yours' | 'winners';

const M = {
  yours: msg({
    id: 'help.yours',
    message:
      'Your paid sales during the New Year sales contest, minus refunds. Sales before it starts or after it ends do not count.',
  }),
  yoursBar: msg({ id: 'help.yours-bar', message: "The bar below shows it as a share of Winner's Revenue." }),
  leader: msg({ id: 'help.leader', message: 'You are in first place, so this is your own revenue.' }),
  leaderKeep: msg({ id: 'help.leader-keep', message: 'Keep selling to stay ahead of place 2.' }),
  above: msg({ id: 'help.above', message: 'The revenue of place {place}, the place just above yours.' }),
  aboveMove: msg({
    id: 'help.above-move',
    message: 'Sell more than it to move up a place. Places 1 to {places} all win a prize.',
  }),
  few: msg({
    id: 'help.few',
    message: 'Fewer than {places} stores have sales in the contest yet, so there is no place {places} to beat.',
  }),
  fewFirst: msg({ id: 'help.few-first', message: 'Your first sale puts you in a prize place.' }),
  last: msg({ id: 'help.last', message: 'The revenue of place {places}, the last place that wins a prize.' }),
  lastMore: msg({
    id: 'help.last-more',
    message: "Sell more than it to win a prize. It is not the leader's revenue: places 1 to {places} all win.",
  }),
};

/** The popover's text for a card, from the lookup result the dialog shows, in the language of `t`. */
export function revenueHelp(
  topic: RevenueTopic,
  entry: Partial<StoreLeaderboard> | null | undefined,
  t: Translate,
): string[] {
  const places = PRIZE_PLACES;
  if (topic === 'yours') return [t(M.yours), t(M.yoursBar)];
  const rank = entry?.rank ?? null;
  if (rank === 1) return [t(M.leader), t(M.leaderKeep)];
  if (rank !== null && rank <= PRIZE_PLACES) return [t(M.above, { place: rank - 1 }), t(M.aboveMove, { places })];
  if (!entry?.winningRevenue) return [t(M.few, { places }), t(M.fewFirst)];
  return [t(M.last, { places }), t(M.lastMore, { places })];
}
