/**
 * The partner programme's outbox handlers (server/mail/worker.ts sends what they build): the double
 * opt-in's confirmation link, and a partner's private link, each in the partner's language. Links are
 * made when the mail is sent, so the outbox keeps no secret.
 */
import { brand } from '../../common/brand.js';
import { inboxKey } from '../../common/email.js';
import { escapeXml } from '../../common/escape-xml.js';
import { type Locale, resolveLocale } from '../../common/i18n.js';
import { translatorFor } from '../../common/lingui.js';
import { localePath } from '../../common/locale-paths.js';
import { PARTNER_CONFIRM_PATH, PARTNER_JOIN_PATH } from '../../common/partner-programme.js';
import { mailButton, mailDocument } from '../mail/layout.js';
import { type ComposedMail, payloadOf } from '../mail/message.js';
import type { MailHandler } from '../mail/worker.js';
import { CONFIRM_HOURS } from './programme.js';
import { PROGRAMME_MAIL as P } from './programme-mail-messages.js';
import type { ProgrammeMailKind } from './programme-store.js';

/** One mail: a heading, a paragraph, the link as a button, the lines after it. */
function programmeEmail(parts: {
  locale: Locale;
  subject: string;
  heading: string;
  intro: string;
  link: string;
  button: string;
  after: string[];
}): ComposedMail {
  const e = escapeXml;
  const text = [parts.heading, '', parts.intro, '', parts.link, '', ...parts.after, '', brand.legalName].join('\n');
  const body = `<p>${e(parts.intro)}</p>
<p>${mailButton(parts.link, parts.button)}</p>
<p style="font-size:13px;word-break:break-all">${e(parts.link)}</p>
${parts.after.map((line) => `<p style="color:#444;font-size:13px">${e(line)}</p>`).join('\n')}`;
  const html = mailDocument({ locale: parts.locale, subject: parts.subject, heading: parts.heading, body });
  return { subject: parts.subject, text, html, language: parts.locale };
}

export function programmeMailHandlers(options: {
  siteOrigin: string;
  confirmToken(code: string, inbox: string): Promise<string>;
  /** The partner's private link, opening their page in `locale`. */
  issueLink(code: string, locale: Locale): Promise<{ url: string }>;
}): Record<ProgrammeMailKind, MailHandler> {
  const read = (row: Parameters<MailHandler>[0]) => {
    const payload = payloadOf<{ code: string; locale: string }>(row.payload);
    const locale = resolveLocale(payload.locale);
    return { code: payload.code ?? '', locale, t: translatorFor(locale) };
  };
  const page = (locale: Locale, path: string) => `${options.siteOrigin}${localePath(locale, path)}`;
  return {
    'partner-confirm': async (row) => {
      const { code, locale, t } = read(row);
      const token = await options.confirmToken(code, inboxKey(row.recipient));
      return programmeEmail({
        locale,
        subject: t(P.confirmSubject, { brand: brand.name }),
        heading: t(P.confirmHeading),
        intro: t(P.confirmIntro, { brand: brand.name, code }),
        link: `${page(locale, PARTNER_CONFIRM_PATH)}?t=${token}`,
        button: t(P.confirmButton),
        after: [t(P.confirmExpires, { hours: CONFIRM_HOURS }), t(P.notYou)],
      });
    },
    'partner-link': async (row) => {
      const { code, locale, t } = read(row);
      const link = new URL((await options.issueLink(code, locale)).url);
      return programmeEmail({
        locale,
        subject: t(P.linkSubject, { brand: brand.name }),
        heading: t(P.linkHeading, { code }),
        intro: t(P.linkIntro),
        link: link.href,
        button: t(P.linkButton),
        after: [t(P.linkLost, { page: page(locale, PARTNER_JOIN_PATH) }), t(P.notYou)],
      });
    },
  };
}
