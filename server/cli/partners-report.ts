/**
 * `partners:report [--since DATE] [--format csv|table] [--by campaign]`: per partner code (and campaign),
 * the new signups (first requested) per ISO week, Lagos time, and in total: the daily counts partners'
 * own pages read (docs/partners.md), so both show the same numbers. Read streamed, one code's weeks held
 * at a time; CSV is written as each code completes, with formula-like codes neutralised (csv.ts).
 */

import { type CodeDay, streamPartnerDays } from '../partners/store.js';
import { isoWeekOfLagosDay, lagosDayOf } from '../partners/weeks.js';
import { type AdminCommand, UsageError, writeOut } from './command.js';
import { option, textTable } from './contest-format.js';
import { csvRow } from './csv.js';
import { parseSince } from './mail-retry.js';
import { withDatabase } from './with-database.js';

type Format = 'table' | 'csv';
export type PartnerWeeks = {
  partner: string;
  /** With --by campaign: the campaign these weeks are of (null: none given). */
  campaign?: string | null;
  weeks: { week: string; monday: string; signups: number }[];
  total: number;
};

/**
 * One entry per partner code (per code and campaign with `byCampaign`), in the order the rows come
 * (grouped by code and campaign, oldest day first within it).
 */
export async function* partnerWeeks(rows: AsyncIterable<CodeDay>, byCampaign = false): AsyncGenerator<PartnerWeeks> {
  let current: PartnerWeeks | undefined;
  for await (const row of rows) {
    const campaign = byCampaign ? (row.campaign ?? null) : undefined;
    if (current && (current.partner !== row.partner || current.campaign !== campaign)) {
      yield current;
      current = undefined;
    }
    current ??= { partner: row.partner, ...(byCampaign && { campaign }), weeks: [], total: 0 };
    const { week, monday } = isoWeekOfLagosDay(row.day);
    const last = current.weeks.at(-1);
    if (last?.week === week) last.signups += row.signups;
    else current.weeks.push({ week, monday, signups: row.signups });
    current.total += row.signups;
  }
  if (current) yield current;
}

function parseArgs(args: string[]): { since?: string; format: Format; byCampaign: boolean } {
  const known = new Set(['--since', '--format', '--by']);
  for (let i = 0; i < args.length; i += 2) {
    if (!known.has(args[i] as string)) throw new UsageError(`Unknown argument "${args[i]}".`);
  }
  const sinceRaw = option(args, '--since');
  if (sinceRaw === '') throw new UsageError('--since needs a date.');
  const format = option(args, '--format') ?? 'table';
  if (format !== 'table' && format !== 'csv') throw new UsageError('--format must be csv or table.');
  const by = option(args, '--by');
  if (by !== undefined && by !== 'campaign') throw new UsageError('--by must be campaign.');
  const since = sinceRaw === undefined ? undefined : parseSince(sinceRaw);
  // The counts are kept per Lagos day: a time inside one would count part of a day it cannot tell apart.
  if (since && !lagosDayOf(since).midnight) {
    throw new UsageError(
      `--since "${sinceRaw}" falls inside a day: partners:report counts whole days, Lagos time (2026-12-01).`,
    );
  }
  return { since, format, byCampaign: by === 'campaign' };
}

export const partnersReportCommand: AdminCommand = {
  name: 'partners:report',
  usage: 'partners:report [--since DATE] [--format csv|table] [--by campaign]',
  summary: 'New signups per partner code (and campaign), per ISO week (Lagos time) and in total, since DATE',
  async run(args, config) {
    const { since, format, byCampaign } = parseArgs(args);
    return withDatabase(config, async (opened) => {
      const report = partnerWeeks(streamPartnerDays(opened, since && lagosDayOf(since).day, byCampaign), byCampaign);
      // With --by campaign a campaign column follows the code's.
      const keyOf = (entry: PartnerWeeks) => (byCampaign ? [entry.partner, entry.campaign ?? ''] : [entry.partner]);
      if (format === 'csv') {
        await writeOut(
          csvRow([...(byCampaign ? ['partner', 'campaign'] : ['partner']), 'week', 'week_starts', 'signups']),
        );
        for await (const entry of report) {
          const key = keyOf(entry);
          const lines = entry.weeks.map((w) => csvRow([...key, w.week, w.monday, w.signups]));
          await writeOut(lines.join('') + csvRow([...key, 'total', '', entry.total]));
        }
        return 0;
      }
      // A table is aligned on its widest cell, so it waits for the end: one line per code and week.
      const table: string[][] = [];
      const codes = new Set<string>();
      let signups = 0;
      for await (const entry of report) {
        const key = keyOf(entry);
        const blank = key.map(() => '');
        for (const [i, w] of entry.weeks.entries()) {
          table.push([...(i === 0 ? key : blank), w.week, w.monday, String(w.signups)]);
        }
        table.push([...blank, 'total', '', String(entry.total)]);
        codes.add(entry.partner);
        signups += entry.total;
      }
      const partners = codes.size;
      const scope = since ? ` since ${since}` : '';
      if (!partners) {
        console.log(`No signup came with a partner code${scope}.`);
        return 0;
      }
      const columns = [
        { title: 'partner' },
        ...(byCampaign ? [{ title: 'campaign' }] : []),
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
