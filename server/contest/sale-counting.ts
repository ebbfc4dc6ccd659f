/**
 * Which sales count for the contest (docs/contest.md, "Rules as implemented"): a `paid` sale whose `paid_at`
 * lies inside the window, both ends inclusive. A refunded order no longer counts. Times are UTC ISO
 * strings of one fixed shape, so comparing them as text compares the instants.
 */
import type { Campaign } from '../../common/campaign.js';

export type SaleCounting = 'counted' | 'refunded' | 'outside the window';

export const isInWindow = (paidAt: string, campaign: Campaign): boolean =>
  paidAt >= campaign.startsAt && paidAt <= campaign.endsAt;

/** How one sale stands: counted, refunded (inside the window), or outside the window (either status). */
export function saleCounting(sale: { status: 'paid' | 'refunded'; paidAt: string }, campaign: Campaign): SaleCounting {
  if (!isInWindow(sale.paidAt, campaign)) return 'outside the window';
  return sale.status === 'paid' ? 'counted' : 'refunded';
}
