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
import { type ComposedMail, payloadOf } from '../mail/transport.js';
import type { MailHandler } from '../mail/worker.js';
import { CONFIRM_HOURS } from './programme.js';
import { PROGRAMME_MAIL as P } from './programme-mail-messages.js';
import type { ProgrammeMailKind } from './programme-store.js';

const button =
  'display:inline-block;background:#0b6e4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none';

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
  const html = `<!doctype html>
<html lang="${parts.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(parts.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#0b6e4f;font-size:22px">${e(parts.heading)}</h1>
<p>${e(parts.intro)}</p>
<p><a href="${e(parts.link)}" style="${button}">${e(parts.button)}</a></p>
<p style="font-size:13px;word-break:break-all">${e(parts.link)}</p>
${parts.after.map((line) => `<p style="color:#444;font-size:13px">${e(line)}</p>`).join('\n')}
<p style="color:#666;font-size:12px">${e(brand.legalName)}</p>
</body></html>`;
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
