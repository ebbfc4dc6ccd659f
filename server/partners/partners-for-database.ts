/** Partners' links and counts wired to one database and the plain settings the wiring hands over (the server and the admin commands). */
import { brand } from '../../common/brand.js';
import { PARTNER_PAGE_PATH } from '../../common/partner-report.js';
import type { OpenedDatabase } from '../db/database.js';
import { partnerLinkSecret } from '../db/installation.js';
import { partnerLinks } from './links.js';
import { createPartners } from './partners.js';
import { createPartnerStore } from './store.js';

/** What the partners take from the configuration, as plain values. */
export type PartnerSettings = {
  /** Where the installation keeps the secret it made (DATA_DIR). */
  dataDir: string;
  /** PARTNER_LINK_SECRET; unset: the installation's own, made once. */
  linkSecret: string | undefined;
  /** PARTNER_LINK_SECRET_PREVIOUS: links it signed still open while it is set. */
  previousLinkSecret: string | undefined;
  /** PUBLIC_URL, or undefined for the brand's own site. */
  publicUrl: string | undefined;
  /** PARTNER_CACHE_SECONDS: how long this process keeps a code's numbers (0: none). */
  cacheSeconds: number;
};

/** PUBLIC_URL, or the brand's own site when unset (as the rendered pages do). */
export function siteAddress(publicUrl: string | undefined): URL {
  return new URL(publicUrl ?? `https://${brand.storeDomainSuffix}`);
}

/**
 * The installation's partner-link secret (PARTNER_LINK_SECRET, or made once): the partners' links and
 * the programme's confirmation links are signed with it.
 */
export const partnerSecretFor = (settings: PartnerSettings, opened: OpenedDatabase) =>
  partnerLinkSecret(opened, settings.dataDir, settings.linkSecret);

/**
 * Signed with the partner-link secret (`secret`, or read here); links signed with
 * PARTNER_LINK_SECRET_PREVIOUS, while it is set, still open.
 */
export async function partnersFor(settings: PartnerSettings, opened: OpenedDatabase, secret?: Buffer) {
  const current = secret ?? (await partnerSecretFor(settings, opened));
  const previous = settings.previousLinkSecret;
  return createPartners(
    createPartnerStore(opened),
    partnerLinks(current, previous === undefined ? undefined : Buffer.from(previous, 'utf8')),
    siteAddress(settings.publicUrl).origin,
    PARTNER_PAGE_PATH,
    settings.cacheSeconds,
  );
}
