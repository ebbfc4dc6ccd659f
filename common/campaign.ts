/** The New Year sales contest's prize table (docs/contest.md). Amounts in naira. */
export const PRIZE_PLACES = 10;

/** Places 1–3 win cash grants; places 4–10 are runner-ups who also get merchandise. */
export const PRIZES_NAIRA = [
  300_000, 200_000, 100_000, 50_000, 45_000, 40_000, 35_000, 30_000, 25_000, 20_000,
] as const;

export const GRANT_PLACES = 3;

/** The contest window (configured by CAMPAIGN_START and CAMPAIGN_END, see the README). */
export type Campaign = {
  /** Inclusive start, UTC ISO string. */
  startsAt: string;
  /** Inclusive end, UTC ISO string. */
  endsAt: string;
};
