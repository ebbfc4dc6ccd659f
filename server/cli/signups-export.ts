import { privacySecret } from '../db/installation.js';
import { privacyKeys } from '../privacy/links.js';
import { createPrivacyStore } from '../privacy/store.js';
import { streamSignups } from '../signups/store.js';
import { type AdminCommand, writeOut } from './command.js';
import { csvRow } from './csv.js';
import { withDatabase } from './with-database.js';

export const signupsExportCommand: AdminCommand = {
  name: 'signups:export',
  usage: 'signups:export',
  summary:
    'Print every signup as CSV (email, first and last requested, count, source, partner), oldest first; inboxes that stopped our e-mails left out',
  async run(_args, config) {
    return withDatabase(config, async (opened) => {
      // Whoever mails from this list must not reach an inbox that asked for no more mail.
      const keys = privacyKeys(await privacySecret(opened, config.dataDir, config.privacySecret));
      const suppressed = await createPrivacyStore(opened).suppressedHashes();
      process.stdout.write(csvRow(['email', 'first_requested', 'last_requested', 'count', 'source', 'partner']));
      // Streamed row by row: the export stays small in memory however many signups there are.
      for await (const row of streamSignups(opened.db)) {
        if (suppressed.has(keys.inboxHash(row.email))) continue;
        const line = csvRow([
          row.email,
          row.first_requested_at,
          row.last_requested_at,
          row.request_count,
          row.source,
          row.partner,
        ]);
        await writeOut(line);
      }
      return 0;
    });
  },
};
