/**
 * `consent:report [--since DATE]`: per day (Lagos time), how many answers to the cookie question
 * accepted all, rejected all or chose a custom set, and a total line (server/consent/).
 */
import { consentDays } from '../consent/consent.js';
import { type AdminCommand, UsageError } from './command.js';
import { option, textTable } from './contest-format.js';
import { parseSince } from './mail-retry.js';
import { withDatabase } from './with-database.js';

function parseArgs(args: string[]): { since?: string } {
  for (let i = 0; i < args.length; i += 2) {
    if (args[i] !== '--since') throw new UsageError(`Unknown argument "${args[i]}".`);
  }
  const sinceRaw = option(args, '--since');
  if (sinceRaw === '') throw new UsageError('--since needs a date.');
  return { since: sinceRaw === undefined ? undefined : parseSince(sinceRaw) };
}

export const consentReportCommand: AdminCommand = {
  name: 'consent:report',
  usage: 'consent:report [--since DATE]',
  summary: 'Cookie answers per day (Lagos time): accepted all, rejected all, custom, and a total line',
  async run(args, config) {
    const { since } = parseArgs(args);
    return withDatabase(config, async (opened) => {
      const days = await consentDays(opened, since);
      const scope = since ? ` since ${since}` : '';
      if (!days.length) {
        console.log(`No answer to the cookie question was recorded${scope}.`);
        return 0;
      }
      const total = { all: 0, none: 0, custom: 0 };
      const row = (day: string, counts: typeof total) => [
        day,
        String(counts.all),
        String(counts.none),
        String(counts.custom),
        String(counts.all + counts.none + counts.custom),
      ];
      const table = days.map((day) => {
        total.all += day.all;
        total.none += day.none;
        total.custom += day.custom;
        return row(day.day, day);
      });
      table.push(row('total', total));
      const right = 'right' as const;
      const columns = [
        { title: 'day' },
        { title: 'accepted all', align: right },
        { title: 'rejected all', align: right },
        { title: 'custom', align: right },
        { title: 'answers', align: right },
      ];
      console.log(textTable(columns, table));
      return 0;
    });
  },
};
