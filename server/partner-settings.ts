/** What the wiring (server/services.ts, the admin commands) hands the partners out of the configuration. */
import type { Config } from './config.js';
import type { PartnerSettings } from './partners/index.js';

/** The partners' settings out of the configuration: server/partners takes plain values, not Config. */
export function partnerSettings(config: Config): PartnerSettings {
  return {
    dataDir: config.dataDir,
    linkSecret: config.partnerLinkSecret,
    previousLinkSecret: config.partnerLinkSecretPrevious,
    publicUrl: config.publicUrl,
    cacheSeconds: config.partnerPages.cacheSeconds,
  };
}
