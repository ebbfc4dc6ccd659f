/**
 * What a partner's own page shows (docs/partners.md), as the server computes it and the site and the
 * WordPress plugin read it (the JSON is this shape). Counts only: no address, name or IP hash.
 */
export type PartnerWeek = { week: string; weekStarts: string; signups: number };

/** How many pages and campaigns the page names; the rest are one "others" line. */
export const PARTNER_TOP = 20;

/** The rest past the top: how many names and their signups together. */
export type PartnerOthers = { count: number; signups: number };

/** What the page shows: aggregated in the database, kept a short while per code (docs/partners.md). */
export type PartnerSummary = {
  partner: string;
  /** When these numbers were computed (ISO time). */
  computedAt: string;
  thisWeek: PartnerWeek;
  lastWeek: PartnerWeek;
  allTime: number;
  /** The last 26 ISO weeks in Lagos time, oldest first, weeks without signups included. */
  weeks: PartnerWeek[];
  /** All time, by the page the widget sat on (host and path, no query): the top 20, most first. */
  pages: { page: string; signups: number }[];
  /** The pages past the top 20, together (null: none). */
  otherPages: PartnerOthers | null;
  /** All time, by campaign (null: none given): the top 20, most first. */
  campaigns: { campaign: string | null; signups: number }[];
  /** The campaigns past the top 20, together (null: none). */
  otherCampaigns: PartnerOthers | null;
};

/** One ISO week, page and campaign with signups, counting only the range's days: a CSV line. */
export type PartnerRow = {
  week: string;
  weekStarts: string;
  page: string | null;
  campaign: string | null;
  signups: number;
};

/** The JSON: the summary, the Lagos days asked for (`from`, `to`, both included) and their rows, oldest week first. */
export type PartnerReport = PartnerSummary & { from: string; to: string; rows: PartnerRow[] };

/**
 * Why a partner's link shows nothing: changed, past its date, revoked, too many bad links from one IP,
 * or this link opened too often (`too-often`, per link across servers).
 */
export type PartnerRefusal = 'tampered' | 'expired' | 'revoked' | 'rate-limited' | 'too-often';

/** `token`: the link's own, so the page's language menu and its CSV and JSON links keep it. */
export type PartnerPageOutcome =
  | { kind: 'report'; report: PartnerSummary; token: string }
  | { kind: 'refused'; why: PartnerRefusal; retryAfterSeconds?: number };

/** The partner's page, under any language prefix (`/ha/partners?t=…`). */
export const PARTNER_PAGE_PATH = '/partners';
