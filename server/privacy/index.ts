/**
 * Privacy, the entry the composition root uses (server/capability.ts): stop links, the suppression list and
 * support's show and erase; what each mail carries for privacy; client IPs as the other capabilities keep
 * them (docs/privacy.md). Its secret and salt are the installation's (configured, or made once).
 */
import type { Capability } from '../capability.js';
import type { OpenedDatabase } from '../db/database.js';
import { ipHashSalt, privacySecret } from '../db/installation.js';
import { type HashIp, ipHasher } from './ip-hash.js';
import { privacyKeys } from './links.js';
import { type MailPrivacy, mailPrivacy } from './mail-links.js';
import { createPrivacy, type Privacy } from './privacy.js';
import { createPrivacyStore } from './store.js';

export type PrivacyApi = {
  /** Stop links, the suppression list, and support's show and erase. */
  privacy: Privacy;
  /** What each mail carries: the personal stop link, the one-click mailto and the inbox's suppression key. */
  mail: MailPrivacy;
  /** A client IP as signups, consent and partner links keep it. */
  hashIp: HashIp;
};

export async function create(deps: {
  opened: OpenedDatabase;
  /** Where the installation keeps the secret and salt it made (DATA_DIR). */
  dataDir: string;
  /** PRIVACY_SECRET; unset: the installation's own. */
  secret: string | undefined;
  /** IP_HASH_SALT; unset: the installation's own. */
  ipHashSalt: string | undefined;
  /** Our site's origin, which stop links open. */
  siteOrigin: string;
}): Promise<Capability<PrivacyApi>> {
  const { opened, dataDir } = deps;
  const salt = await ipHashSalt(opened, dataDir, deps.ipHashSalt);
  const keys = privacyKeys(await privacySecret(opened, dataDir, deps.secret));
  return {
    api: {
      privacy: createPrivacy(createPrivacyStore(opened), keys),
      mail: mailPrivacy(keys, deps.siteOrigin),
      hashIp: ipHasher(salt),
    },
  };
}
