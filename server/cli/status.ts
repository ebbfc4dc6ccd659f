import type { AdminCommand } from './command.js';
import { withDatabase } from './with-database.js';

export const statusCommand: AdminCommand = {
  name: 'status',
  usage: 'status',
  summary: 'Print the database file and how many stores, sales, signups and queued e-mails it holds',
  async run(_args, config) {
    return withDatabase(config, (opened) => {
      const count = (table: string) =>
        (opened.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      console.log(`database  ${opened.file}`);
      for (const table of ['stores', 'sales', 'signups', 'outbox']) console.log(`${table.padEnd(9)} ${count(table)}`);
      return 0;
    });
  },
};
