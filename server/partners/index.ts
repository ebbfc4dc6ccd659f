/**
 * Partners, the entry the composition root uses (server/capability.ts): partners' signed links to their own
 * counts under their limits, the partner programme (joining, confirming, lost links) with its mails, and the
 * erasure of reservations never confirmed (docs/partners.md).
 */
import type { Capability } from '../capability.js';
import type { Log } from '../db/daily-job.js';
import type { OpenedDatabase } from '../db/database.js';
import type { HitCounter, RateLimit } from '../rate-limits/index.js';
import { type LimitedPartners, limitPartnerLinks } from './link-limit.js';
import { type PartnerSettings, partnerSecretFor, partnersFor } from './partners-for-database.js';
import type { Programme } from './programme.js';
import { programmeFor } from './programme-for-database.js';
import type { ProgrammeMailKind } from './programme-store.js';
import { startPartnerRetention } from './retention.js';

export { type PartnerSettings, siteAddress } from './partners-for-database.js';

export type PartnersApi = {
  /** Partners' signed links to their own counts. */
  partners: LimitedPartners;
  /** The partner programme: joining, confirming, lost links. */
  programme: Programme;
};

export async function create(deps: {
  opened: OpenedDatabase;
  settings: PartnerSettings;
  counter: HitCounter;
  /** The signups' limits, which joining, confirming and lost links share (and their counter). */
  signupLimits: { perIp: RateLimit; perEmail: RateLimit };
  /** How often one partner link may be opened (PARTNER_LINK_LIMIT). */
  perLink: RateLimit;
  /** Wakes the delivery worker after a programme mail is queued. */
  onQueued: () => void;
  log: Log;
  warn: Log;
}): Promise<Capability<PartnersApi, ProgrammeMailKind>> {
  const { opened, settings, counter, log, warn } = deps;
  const linkSecret = await partnerSecretFor(settings, opened);
  const partners = limitPartnerLinks(
    await partnersFor(settings, opened, linkSecret),
    { perIp: deps.signupLimits.perIp, perLink: deps.perLink },
    counter,
  );
  const { programme, mailHandlers } = programmeFor(settings, opened, {
    linkSecret,
    partners,
    limits: deps.signupLimits,
    counter,
    onQueued: deps.onQueued,
  });
  return {
    api: { partners, programme },
    mailHandlers,
    // Always: a reservation never confirmed is deleted UNCONFIRMED_KEPT_DAYS after it was made.
    jobs: [{ name: 'partner retention', start: () => startPartnerRetention({ opened, log, warn }) }],
    // Before the database closes: the mails answers left to queue after them are queued.
    close: () => programme.drain(),
  };
}
