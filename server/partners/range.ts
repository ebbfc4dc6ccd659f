/**
 * The days a partner's CSV or JSON covers (docs/partners.md): `from` and `to` are Lagos days
 * (`2026-12-07`), both included; by default the last 26 weeks (from the Monday 25 weeks before this
 * week's); at most five years. A bad date, `from` after `to`, or a longer range is refused with why.
 */
import { lagosDay } from '../../common/lagos-time.js';
import { CHART_WEEKS } from './partners.js';
import { lastWeeks } from './weeks.js';

/** Five years of days, two leap days included. */
const MAX_RANGE_DAYS = 5 * 365 + 2;
const DAY_MS = 86_400_000;

export type DayRange = { ok: true; from: string; to: string } | { ok: false; message: string };

const dayMs = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const ms = Date.parse(`${text}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March: the day must read back the same.
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text ? ms : undefined;
};

export function partnerRange(from: string | null, to: string | null, now = new Date()): DayRange {
  const toText = to ?? lagosDay(now.getTime());
  const toMs = dayMs(toText);
  if (toMs === undefined) return { ok: false, message: `to=${toText} is not a day: write it as 2026-12-07.` };
  const fromText = from ?? (to === null ? lastWeeks(now, CHART_WEEKS)[0]!.monday : lagosDay(toMs - 181 * DAY_MS));
  const fromMs = dayMs(fromText);
  if (fromMs === undefined) return { ok: false, message: `from=${fromText} is not a day: write it as 2026-12-07.` };
  if (fromMs > toMs) return { ok: false, message: `from=${fromText} comes after to=${toText}.` };
  const days = (toMs - fromMs) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) {
    return {
      ok: false,
      message: `from=${fromText} to=${toText} is ${days} days: at most ${MAX_RANGE_DAYS} (five years) at a time.`,
    };
  }
  return { ok: true, from: fromText, to: toText };
}
