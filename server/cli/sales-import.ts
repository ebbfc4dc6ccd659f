import { parseSalesCsv } from '../contest/parse.js';
import type { AdminCommand } from './command.js';
import { progress, readInputFile, reportRejected, withContestStorage } from './intake-report.js';

export const salesImportCommand: AdminCommand = {
  name: 'sales:import',
  usage: 'sales:import FILE.csv',
  summary: 'Import contest sales (order_id,store_id,amount,status,paid_at); all or nothing, idempotent',
  async run(args, config) {
    const text = readInputFile(args);
    return withContestStorage(config, async (storage) => {
      const started = performance.now();
      try {
        const summary = await storage.importSales(config.campaign, parseSalesCsv(text), progress('sales', started));
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `accepted ${summary.accepted}, unchanged duplicates ${summary.duplicates}, refunds ${summary.refunds}, ` +
            `outside the window ${summary.outsideWindow}, rejected 0 (${seconds.toFixed(1)} s)`,
        );
        return 0;
      } catch (error) {
        return reportRejected(error, args[0] as string);
      }
    });
  },
};
