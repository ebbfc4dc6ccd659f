import type { AdminCommand } from './command.js';
import { withDatabase } from './with-database.js';

export const statusCommand: AdminCommand = {
  name: 'status',
  usage: 'status',
  summary: 'Print the database in use and how many stores, sales, signups and queued e-mails it holds',
  async run(_args, config) {
    return withDatabase(config, async (opened) => {
      console.log(`database  ${opened.description}`);
      for (const table of ['stores', 'sales', 'signups', 'outbox'] as const) {
        const count = await opened.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n))
          .catch(() => undefined);
        console.log(`${table.padEnd(9)} ${count ?? '(not on this database yet)'}`);
      }
      return 0;
    });
  },
};
