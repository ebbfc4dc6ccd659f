/** Output shared by the contest payout commands: aligned text tables, exact naira, Lagos times. */
import { printable } from '../control-characters.js';

export type Column = { title: string; align?: 'right' };

/**
 * A plain text table: a header line, then one line per row, columns padded to their widest cell. A
 * control character in a cell is written out (`\u001b`), so a stored name cannot recolour the screen
 * or overwrite a row.
 */
export function textTable(columns: Column[], table: string[][]): string {
  const rows = table.map((row) => row.map(printable));
  const widths = columns.map((column, i) => Math.max(column.title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (columns[i]?.align === 'right' ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((column) => column.title)), ...rows.map(line)].join('\n');
}

/**
 * Kobo as whole naira and kobo digits, in integer arithmetic (never kobo / 100 in floating point); a
 * number past Number.MAX_SAFE_INTEGER is refused rather than printed rounded.
 */
function nairaDigits(kobo: number | bigint): { sign: string; whole: string; fraction: string } {
  if (typeof kobo === 'number' && !Number.isSafeInteger(kobo))
    throw new RangeError(`${kobo} kobo is not a whole number JavaScript holds exactly`);
  const value = BigInt(kobo);
  const size = value < 0n ? -value : value;
  return {
    sign: value < 0n ? '-' : '',
    whole: String(size / 100n),
    fraction: String(size % 100n).padStart(2, '0'),
  };
}

/** Kobo as naira to the kobo, for paying: `123456789` → `₦1,234,567.89`. */
export function exactNaira(kobo: number | bigint): string {
  const { sign, whole, fraction } = nairaDigits(kobo);
  return `${sign}₦${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** Kobo as a plain decimal for CSV: `123456789` → `1234567.89`. */
export function nairaDecimal(kobo: number | bigint): string {
  const { sign, whole, fraction } = nairaDigits(kobo);
  return `${sign}${whole}.${fraction}`;
}

/** A UTC ISO time as Africa/Lagos wall time (UTC+1 all year): `2027-02-03 23:59 Lagos time`. */
export function lagosTime(iso: string): string {
  const lagos = new Date(Date.parse(iso) + 3_600_000).toISOString();
  return `${lagos.slice(0, 10)} ${lagos.slice(11, 16)} Lagos time`;
}

/** The value after `flag` in args, or undefined when the flag is absent. */
export function option(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : (args[at + 1] ?? '');
}
