/** ISO weeks in Lagos time (UTC+1, no DST), as partners:report and the partners' pages count them. */
import { LAGOS_OFFSET, LAGOS_OFFSET_MS } from '../../common/lagos-time.js';

const DAY_MS = 86_400_000;

/** The ISO week (`2026-W49`) and its Monday (`2026-11-30`) of a stored time, in Lagos. */
export function isoWeekOf(time: string | number): { week: string; monday: string } {
  const lagos = new Date((typeof time === 'number' ? time : Date.parse(time)) + LAGOS_OFFSET_MS);
  const midnight = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate());
  const weekday = (lagos.getUTCDay() + 6) % 7;
  // The ISO week belongs to the year of its Thursday.
  const thursday = new Date(midnight + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const number = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  const monday = new Date(midnight - weekday * DAY_MS).toISOString().slice(0, 10);
  return { week: `${year}-W${String(number).padStart(2, '0')}`, monday };
}

/** The Lagos calendar day (`2026-12-07`) of a time, and whether the time is that day's first instant. */
export function lagosDayOf(time: string | number): { day: string; midnight: boolean } {
  const lagos = (typeof time === 'number' ? time : Date.parse(time)) + LAGOS_OFFSET_MS;
  return { day: new Date(lagos).toISOString().slice(0, 10), midnight: lagos % DAY_MS === 0 };
}

/** The week of a Lagos calendar day (`2026-12-06`). */
export const isoWeekOfLagosDay = (day: string) => isoWeekOf(`${day}T12:00:00${LAGOS_OFFSET}`);

/** The `count` ISO weeks up to the one holding `now`, oldest first. */
export function lastWeeks(now: Date, count: number): { week: string; monday: string }[] {
  return Array.from({ length: count }, (_, i) => isoWeekOf(now.getTime() - (count - 1 - i) * 7 * DAY_MS));
}
