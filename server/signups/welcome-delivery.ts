/**
 * The welcome mail's outbox handler (kind `welcome`): the signup's payload read back, why it came (our
 * site or a partner's page), the stop link in its language and the List-Unsubscribe headers (RFC 8058).
 */
import { brand } from '../../common/brand.js';
import { type Locale, resolveLocale } from '../../common/i18n.js';
import { type ComposedMail, type OutboxRow, payloadOf } from '../mail/message.js';
import { type WelcomeFacts, welcomeEmail } from './welcome.js';

/**
 * Each recipient's stop link, the mailto: the List-Unsubscribe header offers (server/privacy/links.ts,
 * wired by the server). With it every welcome mail carries the link and the headers; without it (some
 * tests) the mail points to the support address and has no headers.
 */
export type WelcomePrivacy = {
  /** In the mail's language: the page it opens answers in it. */
  stopUrl(recipient: string, locale: Locale): string;
  unsubscribeMailto(recipient: string): string;
};

/** What the signup left for its mail: language, page, partner code, time (older rows lack some: English, no page). */
type WelcomePayload = {
  locale?: string;
  source?: string | null;
  partner?: string | null;
  requestedAt?: string | null;
};

/** `siteHost`: our site's host (PUBLIC_URL's): a signup whose page was elsewhere came from a partner's page. */
export function welcomeDelivery(options: { privacy?: WelcomePrivacy; siteHost?: string } = {}) {
  const { privacy, siteHost } = options;

  /** Where and when the address was entered: our site, or a partner's page. */
  function factsOf(row: OutboxRow, payload: WelcomePayload, stopUrl: string): WelcomeFacts {
    const page = payload.source ?? null;
    const code = payload.partner ?? null;
    const host = page?.split('/', 1)[0]?.toLowerCase();
    const ours = host ? host === siteHost || host === `www.${siteHost}` : code === null;
    return {
      enteredOn: ours ? { partner: false } : { partner: true, page, code },
      requestedAt: payload.requestedAt ?? row.created_at,
      stopUrl,
    };
  }

  return (row: OutboxRow): ComposedMail => {
    const payload = payloadOf<WelcomePayload>(row.payload);
    const locale = resolveLocale(payload.locale);
    const stopUrl = privacy?.stopUrl(row.recipient, locale);
    return {
      ...welcomeEmail(factsOf(row, payload, stopUrl ?? `mailto:${brand.supportEmail}`), locale),
      // RFC 8058: mail clients offer "unsubscribe" and POST `List-Unsubscribe=One-Click` to the URL.
      ...(privacy && stopUrl
        ? {
            headers: {
              'List-Unsubscribe': `<${stopUrl}>, <${privacy.unsubscribeMailto(row.recipient)}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }
        : {}),
    };
  };
}
