import { parseStoresCsv } from '../contest/parse.js';
import type { AdminCommand } from './command.js';
import { progress, readInputFile, reportRejected, withContestStorage } from './intake-report.js';

export const storesImportCommand: AdminCommand = {
  name: 'stores:import',
  usage: 'stores:import FILE.csv',
  summary: 'Import or update stores (store_id,name,domain,logo_url[,custom_domain,opted_in]); all or nothing',
  async run(args, config) {
    const text = readInputFile(args);
    return withContestStorage(config, async (storage) => {
      try {
        const summary = await storage.importStores(parseStoresCsv(text), progress('stores'));
        console.log(
          `created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}, rejected 0`,
        );
        return 0;
      } catch (error) {
        return reportRejected(error, args[0] as string);
      }
    });
  },
};
