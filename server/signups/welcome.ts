/**
 * The welcome e-mail a signup receives: app links, the setup steps, why it came (where and when the
 * address was entered, in Lagos time) and the personal link that stops all mail, in the signup's
 * language (words in welcome-messages.ts, docs/languages.md); every brand fact from brand.ts.
 */
import { brand } from '../../common/brand.js';
import { escapeXml } from '../../common/escape-xml.js';
import type { Locale } from '../../common/i18n.js';
import { translatorFor } from '../../common/lingui.js';
import { MAIL_GREEN, mailButton, mailDocument } from '../mail/layout.js';
import type { MailContent } from '../mail/message.js';
import { WELCOME as W } from './welcome-messages.js';

/** What the mail says about this signup. */
export type WelcomeFacts = {
  /** Where the address was entered: our site, or a partner's page (its address, else its partner code). */
  enteredOn: { partner: false } | { partner: true; page: string | null; code: string | null };
  /** When it was entered (ISO time). */
  requestedAt: string;
  /** The personal, signed "this wasn't me / stop e-mails" page (server/privacy/links.ts). */
  stopUrl: string;
};

/** A time as people in Nigeria read it, in every language: `25 November 2026 at 22:40`, Lagos time. */
export function lagosTime(iso: string): string {
  return new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** Every sentence of the welcome mail in one language. `questions` holds the two links' slots for the HTML. */
export function welcomeTexts(facts: WelcomeFacts, locale: Locale = 'en') {
  const t = translatorFor(locale);
  const b = { brand: brand.name };
  const time = lagosTime(facts.requestedAt);
  const { enteredOn } = facts;
  return {
    subject: t(W.subject, b),
    heading: t(W.title, b),
    intro: `${t(W.tagline)}. ${t(W.intro)}`,
    download: t(W.download),
    android: t(W.android),
    iphone: t(W.iphone),
    googlePlayButton: t(W.googlePlay),
    appStoreButton: t(W.appStore),
    stepsHeading: t(W.setup),
    steps: W.steps.map((step) => t(step, { ...b, storeLink: `yourstore.${brand.storeDomainSuffix}` })),
    questions: (email: string, helpCenter: string) => t(W.questions, { email, helpCenter }),
    helpCenter: t(W.helpCenter),
    why: enteredOn.partner
      ? t(W.whyPartner, { page: enteredOn.page ?? enteredOn.code ?? '', time })
      : t(W.whySite, { site: brand.storeDomainSuffix, time }),
    notYou: t(W.notYou),
    stopLink: t(W.stopLink),
    legalName: brand.legalName,
  };
}

// The question line's two links go where the translation puts its placeholders.
const EMAIL_SLOT = '\u0001email\u0001';
const HELP_SLOT = '\u0001help\u0001';

export function welcomeEmail(facts: WelcomeFacts, locale: Locale = 'en'): MailContent {
  const t = welcomeTexts(facts, locale);
  const e = escapeXml;
  const text = [
    t.heading,
    '',
    t.download,
    `- ${t.android}: ${brand.links.googlePlay}`,
    `- ${t.iphone}: ${brand.links.appStore}`,
    '',
    `${t.stepsHeading}:`,
    ...t.steps.map((step, i) => `${i + 1}. ${step}`),
    '',
    t.questions(brand.supportEmail, brand.links.helpCenter),
    '',
    '--',
    t.why,
    `${t.notYou} ${facts.stopUrl}`,
    '',
    t.legalName,
  ].join('\n');
  const questions = e(t.questions(EMAIL_SLOT, HELP_SLOT))
    .replace(EMAIL_SLOT, `<a href="mailto:${e(brand.supportEmail)}">${e(brand.supportEmail)}</a>`)
    .replace(HELP_SLOT, `<a href="${e(brand.links.helpCenter)}">${e(t.helpCenter)}</a>`);
  const side = 'margin:0 8px 8px 0';
  const body = `<p>${e(t.intro)}</p>
<p>
${mailButton(brand.links.googlePlay, t.googlePlayButton, side)}
${mailButton(brand.links.appStore, t.appStoreButton, side)}
</p>
<h2 style="font-size:18px">${e(t.stepsHeading)}</h2>
<ol>${t.steps.map((step) => `<li>${e(step)}</li>`).join('')}</ol>
<p>${questions}</p>
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 16px">
<p style="color:#444;font-size:13px">${e(t.why)}</p>
<p style="color:#444;font-size:13px">${e(t.notYou)} <a href="${e(facts.stopUrl)}" style="color:${MAIL_GREEN};white-space:nowrap">${e(t.stopLink)}</a></p>`;
  const html = mailDocument({ locale, subject: t.subject, heading: t.heading, body });
  return { subject: t.subject, text, html, language: locale };
}
