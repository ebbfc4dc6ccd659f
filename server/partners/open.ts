/** Partners' links and counts wired to one database and configuration (the server and the admin commands). */
import { brand } from '../../common/brand.js';
import { PARTNER_PAGE_PATH } from '../../common/partner-report.js';
import type { Config } from '../config.js';
import type { OpenedDatabase } from '../db/database.js';
import { partnerLinkSecret } from '../db/installation.js';
import type { HitCounter } from '../signups/rate-limit.js';
import { confirmLinks } from './confirm-links.js';
import { partnerLinks } from './links.js';
import { createPartners, type Partners } from './partners.js';
import { createProgramme } from './programme.js';
import { programmeMailHandlers } from './programme-mail.js';
import { createProgrammeStore } from './programme-store.js';
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
  );
}

/**
 * The programme (joining, confirming, lost links) and its mails' handlers: the same limits as signups,
 * confirmation links signed with the partner-link secret.
 */
export async function openProgramme(
  config: Config,
  opened: OpenedDatabase,
  options: { partners: Pick<Partners, 'issueLink'>; counter?: HitCounter; onQueued?: () => void },
) {
  const secret = await partnerLinkSecret(opened, config.dataDir, config.partnerLinkSecret);
  const links = confirmLinks(secret);
  const issueLink = (code: string) => options.partners.issueLink(code);
  const programme = createProgramme({
    store: createProgrammeStore(opened),
    confirmLinks: links,
    issueLink,
    limits: config.signups,
    counter: options.counter,
    onQueued: options.onQueued,
  });
  const mailHandlers = programmeMailHandlers({
    siteOrigin: siteAddress(config).origin,
    confirmToken: (code, inbox) => programme.confirmToken(code, inbox),
    issueLink,
  });
  return { programme, mailHandlers };
}
