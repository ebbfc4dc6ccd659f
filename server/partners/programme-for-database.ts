/**
 * The partner programme (joining, confirming, lost links) and its mails' handlers wired to one database
 * and the plain settings the wiring hands over: confirmation links signed with the partner-link secret,
 * the same limits (and counter) as signups.
 */
import type { Locale } from '../../common/i18n.js';
import { localePath } from '../../common/locale-paths.js';
import type { OpenedDatabase } from '../db/database.js';
import { PermanentMailError } from '../mail/transport.js';
import type { HitCounter, RateLimit } from '../rate-limits/index.js';
import { confirmLinks } from './confirm-links.js';
import type { Partners } from './partners.js';
import { type PartnerSettings, siteAddress } from './partners-for-database.js';
import { createProgramme } from './programme.js';
import { programmeMailHandlers } from './programme-mail.js';
import { createProgrammeStore } from './programme-store.js';

export function programmeFor(
  settings: Pick<PartnerSettings, 'publicUrl'>,
  opened: OpenedDatabase,
  options: {
    /** The partner-link secret (partnerSecretFor), which signs the partners' links too. */
    linkSecret: Buffer;
    partners: Pick<Partners, 'issueLink'>;
    limits: { perIp: RateLimit; perEmail: RateLimit };
    counter?: HitCounter;
    onQueued?: () => void;
  },
) {
  const store = createProgrammeStore(opened);
  // The private link opens the page in the partner's language (their confirmation page and mails). A
  // disabled code gets none, whenever its mail was queued: a link issued after partners:disable would open.
  const issueLink = async (code: string, locale: Locale) => {
    if ((await store.find(code))?.disabled_at) throw new PermanentMailError(`the partner code "${code}" is disabled`);
    const link = new URL((await options.partners.issueLink(code)).url);
    link.pathname = localePath(locale, link.pathname);
    return { url: link.href };
  };
  const programme = createProgramme({
    store,
    confirmLinks: confirmLinks(options.linkSecret),
    issueLink,
    limits: options.limits,
    counter: options.counter,
    onQueued: options.onQueued,
  });
  const mailHandlers = programmeMailHandlers({
    siteOrigin: siteAddress(settings.publicUrl).origin,
    confirmToken: (code, inbox) => programme.confirmToken(code, inbox),
    issueLink,
  });
  return { programme, mailHandlers };
}
