/**
 * What each mail carries for privacy: the personal stop link in the mail's language (`/ha/unsubscribe?t=…`,
 * so the page answers in it, its token the address's alone), the one-click mailto to support, and the
 * suppression key of the inbox it goes to.
 */
import { brand } from '../../common/brand.js';
import type { Locale } from '../../common/i18n.js';
import { localePath } from '../../common/locale-paths.js';
import { STOP_PATH } from '../../common/page-renderers.js';
import type { PrivacyKeys } from './links.js';

export type MailPrivacy = {
  stopUrl(recipient: string, locale: Locale): string;
  unsubscribeMailto(recipient: string): string;
  inboxHash(email: string): string;
};

export function mailPrivacy(keys: PrivacyKeys, siteOrigin: string): MailPrivacy {
  return {
    stopUrl: (recipient, locale) => `${siteOrigin}${localePath(locale, STOP_PATH)}?t=${keys.token(recipient)}`,
    unsubscribeMailto: (recipient) =>
      `mailto:${brand.supportEmail}?subject=${encodeURIComponent(`Stop e-mails ${keys.token(recipient)}`)}`,
    inboxHash: keys.inboxHash,
  };
}
