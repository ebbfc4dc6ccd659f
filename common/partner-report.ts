/**
 * What a partner's own page shows (docs/partners.md), as the server computes it and the site and the
 * WordPress plugin read it (the JSON is this shape). Counts only: no address, name or IP hash.
 */
export type PartnerWeek = { week: string; weekStarts: string; signups: number };

export type PartnerReport = {
  partner: string;
  /** When these numbers were computed (ISO time). */
  computedAt: string;
  thisWeek: PartnerWeek;
  lastWeek: PartnerWeek;
  allTime: number;
  /** The last 26 ISO weeks in Lagos time, oldest first, weeks without signups included. */
  weeks: PartnerWeek[];
  /** By the page the widget sat on (host and path, no query), most first. */
  pages: { page: string; signups: number }[];
  /** By campaign (null: none given), most first. */
  campaigns: { campaign: string | null; signups: number }[];
  /** Every week, page and campaign with signups, oldest week first: what the CSV holds. */
  rows: { week: string; weekStarts: string; page: string | null; campaign: string | null; signups: number }[];
};

/** Why a partner's link shows nothing: changed, past its date, revoked, or too many bad links from one IP. */
export type PartnerRefusal = 'tampered' | 'expired' | 'revoked' | 'rate-limited';

/** `token`: the link's own, so the page's language menu and its CSV and JSON links keep it. */
export type PartnerPageOutcome =
  | { kind: 'report'; report: PartnerReport; token: string }
  | { kind: 'refused'; why: PartnerRefusal };

/** The partner's page, under any language prefix (`/ha/partners?t=…`). */
export const PARTNER_PAGE_PATH = '/partners';
