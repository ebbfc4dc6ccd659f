/** Partners' links and counts wired to one database and configuration (the server and the admin commands). */
import { brand } from '../../common/brand.js';
import { PARTNER_PAGE_PATH } from '../../common/partner-report.js';
import type { Config } from '../config.js';
import type { OpenedDatabase } from '../db/database.js';
import { partnerLinkSecret } from '../db/installation.js';
import { partnerLinks } from './links.js';
import { createPartners } from './partners.js';
import { createPartnerStore } from './store.js';

/** PUBLIC_URL, or the brand's own site when unset (as the rendered pages do). */
export function siteAddress(config: Pick<Config, 'publicUrl'>): URL {
  return new URL(config.publicUrl ?? `https://${brand.storeDomainSuffix}`);
}

/**
 * Signed with the installation's partner-link secret (PARTNER_LINK_SECRET, or made once); links signed
 * with PARTNER_LINK_SECRET_PREVIOUS, while it is set, still open.
 */
export async function openPartners(config: Config, opened: OpenedDatabase) {
  const secret = await partnerLinkSecret(opened, config.dataDir, config.partnerLinkSecret);
  const previous = config.partnerLinkSecretPrevious;
  return createPartners(
    createPartnerStore(opened),
    partnerLinks(secret, previous === undefined ? undefined : Buffer.from(previous, 'utf8')),
    siteAddress(config).origin,
    PARTNER_PAGE_PATH,
    config.partnerPages.cacheSeconds,
  );
}
