import { streamSignups } from '../signups/store.js';
import type { AdminCommand } from './command.js';
import { csvRow } from './csv.js';
import { withDatabase } from './with-database.js';

export const signupsExportCommand: AdminCommand = {
  name: 'signups:export',
  usage: 'signups:export',
  summary: 'Print every signup as CSV (email, first and last requested, count, source, partner), oldest first',
  async run(_args, config) {
    return withDatabase(config, async (opened) => {
      process.stdout.write(csvRow(['email', 'first_requested', 'last_requested', 'count', 'source', 'partner']));
      // Streamed row by row: the export stays small in memory however many signups there are.
      for await (const row of streamSignups(opened.db)) {
        const line = csvRow([
          row.email,
          row.first_requested_at,
          row.last_requested_at,
          row.request_count,
          row.source,
          row.partner,
        ]);
        if (!process.stdout.write(line)) await new Promise((resolve) => process.stdout.once('drain', resolve));
      }
      return 0;
    });
  },
};
