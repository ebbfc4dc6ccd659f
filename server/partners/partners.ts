/**
 * Partners see what they brought (docs/partners.md): the operator issues a signed link per partner code
 * and may revoke every link of a code; the link opens the partner's counts, folded on request from the
 * code's daily counts (store.ts). Transport-free: the HTTP route and the admin commands both call this.
 */
import type { PartnerRefusal, PartnerReport } from '../../common/partner-report.js';
import type { PartnerLinks } from './links.js';
import type { PartnerDay, PartnerStore } from './store.js';
import { isoWeekOfLagosDay, lastWeeks } from './weeks.js';

export const CHART_WEEKS = 26;
export const DEFAULT_LINK_DAYS = 180;

/** The counts a partner's page shows, from the partner's signups per Lagos day (or week), page and campaign. */
export function partnerReport(partner: string, groups: PartnerDay[], now: Date): PartnerReport {
  const weeks = lastWeeks(now, CHART_WEEKS).map(({ week, monday }) => ({ week, weekStarts: monday, signups: 0 }));
  const byWeek = new Map(weeks.map((week) => [week.week, week]));
  const pages = new Map<string, number>();
  const campaigns = new Map<string | null, number>();
  const rows = new Map<string, PartnerReport['rows'][number]>();
  let allTime = 0;
  // Many groups share a day: its week is worked out once.
  const weekOf = new Map<string, { week: string; monday: string }>();
  for (const group of groups) {
    const known = weekOf.get(group.day) ?? isoWeekOfLagosDay(group.day);
    weekOf.set(group.day, known);
    const { week, monday } = known;
    const { page } = group;
    allTime += group.signups;
    const shown = byWeek.get(week);
    if (shown) shown.signups += group.signups;
    if (page) pages.set(page, (pages.get(page) ?? 0) + group.signups);
    campaigns.set(group.campaign, (campaigns.get(group.campaign) ?? 0) + group.signups);
    const key = JSON.stringify([week, page, group.campaign]);
    const row = rows.get(key) ?? { week, weekStarts: monday, page, campaign: group.campaign, signups: 0 };
    row.signups += group.signups;
    rows.set(key, row);
  }
  // Most first; on a tie, by name, with "no campaign" last.
  const mostFirst = <K>(counts: Map<K, number>) =>
    [...counts].sort(
      (a, b) =>
        b[1] - a[1] || Number(a[0] === null) - Number(b[0] === null) || String(a[0]).localeCompare(String(b[0])),
    );
  return {
    partner,
    computedAt: now.toISOString(),
    thisWeek: weeks.at(-1)!,
    lastWeek: weeks.at(-2)!,
    allTime,
    weeks,
    pages: mostFirst(pages).map(([page, signups]) => ({ page, signups })),
    campaigns: mostFirst(campaigns).map(([campaign, signups]) => ({ campaign, signups })),
    rows: [...rows.values()].sort(
      (a, b) =>
        a.week.localeCompare(b.week) ||
        b.signups - a.signups ||
        String(a.page).localeCompare(String(b.page)) ||
        String(a.campaign).localeCompare(String(b.campaign)),
    ),
  };
}

export type PartnerOpen = { ok: true; report: PartnerReport } | { ok: false; why: PartnerRefusal };

export function createPartners(store: PartnerStore, links: PartnerLinks, siteOrigin: string, pagePath: string) {
  return {
    /** A link valid for `days` days, signed with the code's current key version, and whether the code has signups yet. */
    async issueLink(partner: string, days = DEFAULT_LINK_DAYS, now = new Date()) {
      const keyVersion = await store.keyVersion(partner);
      const token = links.token({ partner, keyVersion, expiresAt: new Date(now.getTime() + days * 86_400_000) });
      return { url: `${siteOrigin}${pagePath}?t=${token}`, hasSignups: await store.hasSignups(partner) };
    },
    /** Refuses every link of the code issued so far. */
    revoke: (partner: string) => store.revoke(partner),
    /** The counts the token opens, or why it opens nothing. */
    async open(token: string, now = new Date()): Promise<PartnerOpen> {
      const read = links.read(token, now);
      if (!read.ok) return read;
      const { partner, keyVersion } = read.link;
      if (keyVersion !== (await store.keyVersion(partner))) return { ok: false, why: 'revoked' };
      // Read on every request (one primary-key range, summed per week): live, and alike on every server.
      return { ok: true, report: partnerReport(partner, await store.weeks(partner), now) };
    },
  };
}

export type Partners = ReturnType<typeof createPartners>;
