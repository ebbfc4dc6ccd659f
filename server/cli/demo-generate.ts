import { generateContestData } from '../demo-data.js';
import { type AdminCommand, UsageError } from './command.js';
import { progress, reportRejected, withContestStorage } from './intake-report.js';

function count(args: string[], flag: string, fallback?: number): number {
  const at = args.indexOf(flag);
  if (at === -1) {
    if (fallback === undefined) throw new UsageError(`${flag} is required.`);
    return fallback;
  }
  const raw = (args[at + 1] ?? '').replace(/_/g, '');
  if (!/^\d+$/.test(raw) || Number(raw) > 10_000_000)
    throw new UsageError(`${flag} must be a whole number up to 10000000.`);
  return Number(raw);
}

export const demoGenerateCommand: AdminCommand = {
  name: 'demo:generate',
  usage: 'demo:generate --stores N --sales M [--seed S]',
  summary:
    'Add N generated stores and M sales through the import path (deterministic; running it again changes nothing)',
  async run(args, config) {
    const size = {
      stores: count(args, '--stores'),
      sales: count(args, '--sales'),
      seed: count(args, '--seed', 20261201),
    };
    const data = generateContestData(config.campaign, size);
    return withContestStorage(config, async (storage) => {
      try {
        let started = performance.now();
        const stores = await storage.importStores(data.stores(), progress('stores', started));
        console.log(
          `stores: created ${stores.created}, updated ${stores.updated}, unchanged ${stores.unchanged} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
        started = performance.now();
        const sales = await storage.importSales(config.campaign, data.sales(), progress('sales', started));
        console.log(
          `sales: accepted ${sales.accepted}, unchanged duplicates ${sales.duplicates}, refunds ${sales.refunds}, outside the window ${sales.outsideWindow} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
        return 0;
      } catch (error) {
        return reportRejected(error, 'generated data');
      }
    });
  },
};
