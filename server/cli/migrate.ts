import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';
import type { AdminCommand } from './command.js';

/** A deploy step before starting several servers (they also migrate at start, one at a time under a lock). */
export const migrateCommand: AdminCommand = {
  name: 'migrate',
  usage: 'migrate',
  summary: 'Apply pending schema migrations to the configured database and exit',
  async run(_args, config) {
    const opened = await openDatabase(config);
    try {
      const applied = await migrateToLatest(opened);
      console.log(`database  ${opened.description}`);
      console.log(applied.length ? `applied   ${applied.join(', ')}` : 'applied   nothing (up to date)');
      return 0;
    } finally {
      await opened.close();
    }
  },
};
