/**
 * Partners see what they brought (docs/partners.md): the operator issues a signed link per partner code
 * and may revoke every link of a code (checked on every request); the link opens the code's numbers,
 * aggregated in the database (store.ts) and kept a short while per code, and its weekly rows for a range
 * of days, streamed. Transport-free: the HTTP route and the admin commands both call this.
 */
import type { PartnerRefusal, PartnerRow, PartnerSummary } from '../../common/partner-report.js';
import type { PartnerLinks } from './links.js';
import type { PartnerStore, TopCount, WeekTotal } from './store.js';
import { isoWeekOfLagosDay, lastWeeks } from './weeks.js';

export const CHART_WEEKS = 26;
export const DEFAULT_LINK_DAYS = 180;
/** Codes whose numbers one server keeps at most: past it the oldest go first. */
const CACHED_CODES = 10_000;

const others = (top: TopCount[]) => {
  const rest = top.find((row) => row.name === null);
  return rest ? { count: rest.count, signups: rest.signups } : null;
};

/** The page's numbers from the database's weekly totals (the last 26 weeks) and top pages and campaigns. */
export function partnerSummary(
  partner: string,
  totals: WeekTotal[],
  pages: TopCount[],
  campaigns: TopCount[],
  now: Date,
): PartnerSummary {
  const byMonday = new Map(totals.map((total) => [total.weekStarts, total.signups]));
  const weeks = lastWeeks(now, CHART_WEEKS).map(({ week, monday }) => ({
    week,
    weekStarts: monday,
    signups: byMonday.get(monday) ?? 0,
  }));
  return {
    partner,
    computedAt: now.toISOString(),
    thisWeek: weeks.at(-1)!,
    lastWeek: weeks.at(-2)!,
    // Every signup has a campaign line ('' for none): their sum is the code's all time.
    allTime: campaigns.reduce((sum, row) => sum + row.signups, 0),
    weeks,
    pages: pages.flatMap((row) => (row.name === null ? [] : [{ page: row.name, signups: row.signups }])),
    otherPages: others(pages),
    campaigns: campaigns.flatMap((row) =>
      row.name === null ? [] : [{ campaign: row.name || null, signups: row.signups }],
    ),
    otherCampaigns: others(campaigns),
  };
}

export type PartnerRead = { ok: true; partner: string } | { ok: false; why: PartnerRefusal };

export function createPartners(
  store: PartnerStore,
  links: PartnerLinks,
  siteOrigin: string,
  pagePath: string,
  /** Seconds a code's numbers are kept in this process (0: read every time). */
  cacheSeconds = 0,
) {
  const cache = new Map<string, { until: number; summary: PartnerSummary }>();
  return {
    /** A link valid for `days` days, signed with the code's current key version. */
    async issueLink(partner: string, days = DEFAULT_LINK_DAYS, now = new Date()) {
      const keyVersion = await store.keyVersion(partner);
      const token = links.token({ partner, keyVersion, expiresAt: new Date(now.getTime() + days * 86_400_000) });
      return { url: `${siteOrigin}${pagePath}?t=${token}` };
    },
    /** partners:link's registration: the code counts as taken from now on (store.ts register). */
    register: (partner: string) => store.register(partner),
    /** Whether any signup ever came with the code (partners:link notes a code without). */
    hasSignups: (partner: string) => store.hasSignups(partner),
    /** Refuses every link of the code issued so far. */
    revoke: (partner: string) => store.revoke(partner),
    /** The code the token opens, or why it opens nothing: the key version is read on every request. */
    async read(token: string, now = new Date()): Promise<PartnerRead> {
      const read = links.read(token, now);
      if (!read.ok) return read;
      const { partner, keyVersion } = read.link;
      if (keyVersion !== (await store.keyVersion(partner))) return { ok: false, why: 'revoked' };
      return { ok: true, partner };
    },
    /** The page's numbers: from this process's copy while it is younger than cacheSeconds, else read. */
    async summary(partner: string, now = new Date()): Promise<PartnerSummary> {
      const kept = cache.get(partner);
      if (kept && kept.until > now.getTime()) return kept.summary;
      const since = lastWeeks(now, CHART_WEEKS)[0]!.monday;
      const [totals, pages, campaigns] = await Promise.all([
        store.weeks(partner, since),
        store.top(partner, 'page'),
        store.top(partner, 'campaign'),
      ]);
      const summary = partnerSummary(partner, totals, pages, campaigns, now);
      if (cacheSeconds > 0) {
        cache.delete(partner);
        if (cache.size >= CACHED_CODES) cache.delete(cache.keys().next().value!);
        cache.set(partner, { until: now.getTime() + cacheSeconds * 1000, summary });
      }
      return summary;
    },
    /** The code's weekly rows over Lagos days `from`..`to` (both included), oldest week first, streamed in batches. */
    async *rows(partner: string, from: string, to: string): AsyncGenerator<PartnerRow[]> {
      const weekOf = new Map<string, string>();
      for await (const batch of store.rows(partner, from, to)) {
        yield batch.map((row) => {
          const week = weekOf.get(row.weekStarts) ?? isoWeekOfLagosDay(row.weekStarts).week;
          weekOf.set(row.weekStarts, week);
          return { week, ...row };
        });
      }
    },
  };
}

export type Partners = ReturnType<typeof createPartners>;
