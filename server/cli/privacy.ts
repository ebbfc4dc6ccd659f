/**
 * Support's answers to a person's request under the NDPA (docs/signups.md, "Privacy"): `privacy:show`
 * prints everything stored about an inbox as JSON; `privacy:erase` deletes it, keeping only a keyed hash
 * on the suppression list so that inbox is never mailed again. Any spelling of the inbox finds it.
 */
import { checkEmail, inboxKey } from '../../common/email.js';
import type { Config } from '../config.js';
import type { OpenedDatabase } from '../db/database.js';
import { privacySecret } from '../db/installation.js';
import { partnerSettings } from '../partner-settings.js';
import { partnersFor } from '../partners/partners-for-database.js';
import { privacyKeys } from '../privacy/links.js';
import { createPrivacy } from '../privacy/privacy.js';
import { createPrivacyStore } from '../privacy/store.js';
import { type AdminCommand, UsageError } from './command.js';
import { withDatabase } from './with-database.js';

function addressOf(args: string[]): string {
  const check = checkEmail(args[0]);
  if (args.length !== 1 || !check.ok) throw new UsageError('Give one e-mail address.');
  return check.email;
}

async function privacyOn(opened: OpenedDatabase, config: Config) {
  const keys = privacyKeys(await privacySecret(opened, config.dataDir, config.privacySecret));
  return createPrivacy(createPrivacyStore(opened), keys);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const privacyShowCommand: AdminCommand = {
  name: 'privacy:show',
  usage: 'privacy:show EMAIL',
  summary: "Print as JSON everything stored about EMAIL's inbox: signups, e-mails, partner codes, suppression, times",
  async run(args, config) {
    const email = addressOf(args);
    return withDatabase(config, async (opened) => {
      const records = await (await privacyOn(opened, config)).show(email);
      const shown = {
        inbox: inboxKey(email),
        signups: records.signups,
        emails: records.outbox,
        partners: records.partners,
        // Only a keyed hash is kept: whether the inbox is on the list, since when and why.
        suppressed: records.suppression
          ? { since: records.suppression.created_at, reason: records.suppression.reason }
          : null,
      };
      console.log(JSON.stringify(shown, null, 2));
      return 0;
    });
  },
};

export const privacyEraseCommand: AdminCommand = {
  name: 'privacy:erase',
  usage: 'privacy:erase EMAIL',
  summary:
    "Delete EMAIL's inbox's signups, e-mails and partner records; keep only a keyed hash so it is never mailed again",
  async run(args, config) {
    const email = addressOf(args);
    return withDatabase(config, async (opened) => {
      const removed = await (await privacyOn(opened, config)).erase(email);
      // An erased partner's code may go to someone else: the links it was given must not open their numbers.
      const partners = await partnersFor(partnerSettings(config), opened);
      for (const code of removed.partnerCodes) await partners.revoke(code);
      console.log(
        `Erased ${plural(removed.signups, 'signup', 'signups')}, ${plural(removed.outbox, 'e-mail', 'e-mails')} and ${plural(removed.partners, 'partner record', 'partner records')} of this inbox. ` +
          (removed.suppressed
            ? 'Its keyed hash is now on the suppression list: it will never be mailed again.'
            : 'It was on the suppression list already (a keyed hash only): it will never be mailed again.'),
      );
      return 0;
    });
  },
};
