import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';
import type { AdminCommand } from './command.js';

export const statusCommand: AdminCommand = {
  name: 'status',
  usage: 'status',
  summary: 'Print the database file and how many stores, sales, signups and queued e-mails it holds',
  async run(_args, config) {
    const opened = openDatabase(config.dataDir);
    try {
      await migrateToLatest(opened.db as never);
      const count = (table: string) =>
        (opened.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      console.log(`database  ${opened.file}`);
      for (const table of ['stores', 'sales', 'signups', 'outbox']) console.log(`${table.padEnd(9)} ${count(table)}`);
      return 0;
    } finally {
      await opened.db.destroy();
    }
  },
};
