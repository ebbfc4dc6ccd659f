/**
 * `consent:report [--since DATE]`: per day (Lagos time), how many people (choice ids, each once a day
 * under its latest answer that day) accepted all, rejected all, chose a custom set or answered only the
 * chat's question, and a total line that adds up the days (server/consent/). Accepted all comes first
 * and rejected all second: e2e/site-consent.e2e.ts reads the total line's second number.
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
  summary:
    'People who answered the cookie question per day (Lagos time): accepted all, rejected all, custom, chat only, and a total line',
  async run(args, config) {
    const { since } = parseArgs(args);
    return withDatabase(config, async (opened) => {
      const days = await consentDays(opened, since);
      const scope = since ? ` since ${since}` : '';
      if (!days.length) {
        console.log(`No answer to the cookie question was recorded${scope}.`);
        return 0;
      }
      const total = { all: 0, none: 0, custom: 0, chat: 0 };
      const row = (day: string, counts: typeof total) => [
        day,
        String(counts.all),
        String(counts.none),
        String(counts.custom),
        String(counts.chat),
        String(counts.all + counts.none + counts.custom + counts.chat),
      ];
      const table = days.map((day) => {
        total.all += day.all;
        total.none += day.none;
        total.custom += day.custom;
        total.chat += day.chat;
        return row(day.day, day);
      });
      // The sum of the days: one who answers on two days counts on each.
      table.push(row('total', total));
      const right = 'right' as const;
      const columns = [
        { title: 'day' },
        { title: 'accepted all', align: right },
        { title: 'rejected all', align: right },
        { title: 'custom', align: right },
        { title: 'chat only', align: right },
        { title: 'people', align: right },
      ];
      console.log(textTable(columns, table));
      return 0;
    });
  },
};
