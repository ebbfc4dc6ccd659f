import { openDatabase } from '../db/database.js';
import { storeCampaignWindow, storedCampaignWindow } from '../db/installation.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { type AdminCommand, UsageError } from './command.js';

/**
 * On PostgreSQL the campaign window is stored at first start and servers that disagree refuse to start
 * (docs/scaling.md). This shows it, and with `--set` replaces it by the environment's CAMPAIGN_START and
 * CAMPAIGN_END: the deliberate way to move the window.
 */
export const campaignWindowCommand: AdminCommand = {
  name: 'campaign-window',
  usage: 'campaign-window [--set]',
  summary: "Show the database's stored campaign window; --set stores CAMPAIGN_START/CAMPAIGN_END instead",
  async run(args, config) {
    const set = args.includes('--set');
    if (args.some((arg) => arg !== '--set'))
      throw new UsageError(`Unknown argument "${args.find((a) => a !== '--set')}".`);
    const opened = await openDatabase(config);
    try {
      if (opened.backend !== 'postgres') {
        console.log('SQLite: the window is not stored; the server follows CAMPAIGN_START/CAMPAIGN_END.');
        return set ? 1 : 0;
      }
      await migrateToLatest(opened);
      const stored = await storedCampaignWindow(opened);
      console.log(
        `stored       ${stored ? `${stored.startsAt} to ${stored.endsAt}` : 'none yet (set by the first server)'}`,
      );
      console.log(`environment  ${config.campaign.startsAt} to ${config.campaign.endsAt}`);
      if (!set) return 0;
      await storeCampaignWindow(opened, config.campaign);
      console.log("stored the environment's window: restart every server with it (standings are recomputed at start).");
      return 0;
    } finally {
      await opened.close();
    }
  },
};
