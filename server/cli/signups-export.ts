import type { AdminCommand } from './command.js';
import { csvRow } from './csv.js';
import { withDatabase } from './with-database.js';

export const signupsExportCommand: AdminCommand = {
  name: 'signups:export',
  usage: 'signups:export',
  summary: 'Print every signup as CSV (email, first and last requested, count, source, ref), oldest first',
  async run(_args, config) {
    return withDatabase(config, async (opened) => {
      process.stdout.write(csvRow(['email', 'first_requested', 'last_requested', 'count', 'source', 'ref']));
      // Streamed row by row: the export stays small in memory however many signups there are.
      const rows = opened.sqlite
        .prepare(
          'SELECT email, first_requested_at, last_requested_at, request_count, source, ref FROM signups ORDER BY first_requested_at, id',
        )
        .raw()
        .iterate() as Iterable<(string | number | null)[]>;
      for (const row of rows) {
        if (!process.stdout.write(csvRow(row))) await new Promise((resolve) => process.stdout.once('drain', resolve));
      }
      return 0;
    });
  },
};
