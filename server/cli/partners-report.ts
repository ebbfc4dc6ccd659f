/**
 * `partners:report [--since DATE] [--format csv|table]`: per partner code, the new signups (first
 * requested) per ISO week, Lagos time, and in total. The signups are read streamed, one code's weeks
 * held at a time; CSV is written as each code completes, with formula-like codes neutralised (csv.ts).
 */
import { streamPartnerSignups } from '../signups/store.js';
import { type AdminCommand, UsageError, writeOut } from './command.js';
import { option, textTable } from './contest-format.js';
import { csvRow } from './csv.js';
import { parseSince } from './mail-retry.js';
import { withDatabase } from './with-database.js';

type Format = 'table' | 'csv';
const LAGOS_OFFSET_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The ISO week (`2026-W49`) and its Monday (`2026-11-30`) of a stored time, in Lagos (UTC+1, no DST). */
export function isoWeekOf(time: string): { week: string; monday: string } {
  const lagos = new Date(Date.parse(time) + LAGOS_OFFSET_MS);
  const midnight = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate());
  const weekday = (lagos.getUTCDay() + 6) % 7;
  // The ISO week belongs to the year of its Thursday.
  const thursday = new Date(midnight + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const number = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  const monday = new Date(midnight - weekday * DAY_MS).toISOString().slice(0, 10);
  return { week: `${year}-W${String(number).padStart(2, '0')}`, monday };
}

export type PartnerWeeks = {
  partner: string;
  weeks: { week: string; monday: string; signups: number }[];
  total: number;
};

/** One entry per partner code, in the order the rows come (grouped by code, oldest first within it). */
export async function* partnerWeeks(
  rows: AsyncIterable<{ partner: string; first_requested_at: string }>,
): AsyncGenerator<PartnerWeeks> {
  let current: PartnerWeeks | undefined;
  for await (const row of rows) {
    if (current && current.partner !== row.partner) {
      yield current;
      current = undefined;
    }
    current ??= { partner: row.partner, weeks: [], total: 0 };
    const { week, monday } = isoWeekOf(row.first_requested_at);
    const last = current.weeks.at(-1);
    if (last?.week === week) last.signups += 1;
    else current.weeks.push({ week, monday, signups: 1 });
    current.total += 1;
  }
  if (current) yield current;
}

function parseArgs(args: string[]): { since?: string; format: Format } {
  const known = new Set(['--since', '--format']);
  for (let i = 0; i < args.length; i += 2) {
    if (!known.has(args[i] as string)) throw new UsageError(`Unknown argument "${args[i]}".`);
  }
  const sinceRaw = option(args, '--since');
  if (sinceRaw === '') throw new UsageError('--since needs a date.');
  const format = option(args, '--format') ?? 'table';
  if (format !== 'table' && format !== 'csv') throw new UsageError('--format must be csv or table.');
  return { since: sinceRaw === undefined ? undefined : parseSince(sinceRaw), format };
}

export const partnersReportCommand: AdminCommand = {
  name: 'partners:report',
  usage: 'partners:report [--since DATE] [--format csv|table]',
  summary: 'New signups per partner code, per ISO week (Lagos time) and in total, since DATE',
  async run(args, config) {
    const { since, format } = parseArgs(args);
    return withDatabase(config, async (opened) => {
      const report = partnerWeeks(streamPartnerSignups(opened, since));
      if (format === 'csv') {
        await writeOut(csvRow(['partner', 'week', 'week_starts', 'signups']));
        for await (const { partner, weeks, total } of report) {
          const lines = weeks.map((w) => csvRow([partner, w.week, w.monday, w.signups]));
          await writeOut(lines.join('') + csvRow([partner, 'total', '', total]));
        }
        return 0;
      }
      // A table is aligned on its widest cell, so it waits for the end: one line per code and week.
      const table: string[][] = [];
      let partners = 0;
      let signups = 0;
      for await (const { partner, weeks, total } of report) {
        for (const [i, w] of weeks.entries()) table.push([i === 0 ? partner : '', w.week, w.monday, String(w.signups)]);
        table.push(['', 'total', '', String(total)]);
        partners += 1;
        signups += total;
      }
      const scope = since ? ` since ${since}` : '';
      if (!partners) {
        console.log(`No signup came with a partner code${scope}.`);
        return 0;
      }
      const columns = [
        { title: 'partner' },
        { title: 'week' },
        { title: 'from' },
        { title: 'signups', align: 'right' as const },
      ];
      console.log(textTable(columns, table));
      console.log(
        `\n${signups} signup${signups === 1 ? '' : 's'} from ${partners} partner code${partners === 1 ? '' : 's'}${scope}.`,
      );
      return 0;
    });
  },
};
