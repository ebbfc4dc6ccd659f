/**
 * Lagos time, UTC+1 all year (no DST): the one place its offset is written, for JavaScript (days, weeks,
 * times shown) and for SQL (server/db/lagos-day.ts builds both backends' "Lagos day of a column" from it).
 */
export const LAGOS_OFFSET_HOURS = 1;
export const LAGOS_OFFSET_MS = LAGOS_OFFSET_HOURS * 3_600_000;
/** As ISO 8601 writes it after a time (`2026-12-07T14:05:00+01:00`). */
export const LAGOS_OFFSET = `+${String(LAGOS_OFFSET_HOURS).padStart(2, '0')}:00`;

/** The Lagos calendar day (`2026-12-07`) of a time (milliseconds or ISO text). */
export const lagosDay = (time: string | number) =>
  new Date((typeof time === 'number' ? time : Date.parse(time)) + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** A time as Lagos reads it, to the minute: `2026-12-07 14:05`. */
export const lagosMinute = (time: string | number) =>
  new Date((typeof time === 'number' ? time : Date.parse(time)) + LAGOS_OFFSET_MS)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ');
