/**
 * The welcome e-mail a signup receives: app links, the setup steps, why it came (where and when the
 * address was entered, in Lagos time) and the personal link that stops all mail. Every sentence is in
 * welcomeTexts (one place, for translations); welcomeEmail lays them out as text and HTML.
 */
import { brand } from '../../common/brand.js';

export type MailContent = { subject: string; text: string; html: string };

/** What the mail says about this signup. */
export type WelcomeFacts = {
  /** Where the address was entered: our site, or a partner's page (its address, else its partner code). */
  enteredOn: { partner: false } | { partner: true; page: string | null; code: string | null };
  /** When it was entered (ISO time). */
  requestedAt: string;
  /** The personal, signed "this wasn't me / stop e-mails" page (server/privacy/links.ts). */
  stopUrl: string;
};

/** A time as people in Nigeria read it: `25 November 2026 at 22:40`, Lagos time. */
export function lagosTime(iso: string): string {
  return new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** Every sentence of the welcome mail. `{email}` and `{help}` in `questions` become links in the HTML. */
export function welcomeTexts(facts: WelcomeFacts) {
  const where = facts.enteredOn.partner
    ? `on a partner's page (${facts.enteredOn.page ?? `partner code ${facts.enteredOn.code}`})`
    : `on ${brand.storeDomainSuffix}`;
  return {
    subject: `Your ${brand.name} store: download the app and start selling`,
    heading: `Welcome to ${brand.name}!`,
    intro: `${brand.tagline}. Download the app to open your free store:`,
    download: 'Download the app:',
    android: 'Android (Google Play)',
    iphone: 'iPhone (App Store)',
    googlePlayButton: 'Get it on Google Play',
    appStoreButton: 'Download on the App Store',
    stepsHeading: 'Set up your store in minutes',
    steps: [
      `Install the ${brand.name} app from Google Play or the App Store.`,
      'Open it and create your store: a business name and an account number are all it takes.',
      'Add your products: photos, prices in naira and variants such as size or colour.',
      `Share your store link (yourstore.${brand.storeDomainSuffix}) with your customers on WhatsApp, Instagram and everywhere you sell.`,
    ],
    questions: 'Questions? Write to {email} or visit {help}.',
    helpCenter: 'our help center',
    why: `You are getting this e-mail because this address was entered ${where} on ${lagosTime(facts.requestedAt)} (Lagos time).`,
    notYou: "Wasn't you, or want no more e-mails? Stop every e-mail from us to this address:",
    stopLink: "This wasn't me: stop e-mails",
    legalName: brand.legalName,
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const button =
  'display:inline-block;background:#0b6e4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;margin:0 8px 8px 0';

export function welcomeEmail(facts: WelcomeFacts): MailContent {
  const t = welcomeTexts(facts);
  const e = escapeHtml;
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
    t.questions.replace('{email}', brand.supportEmail).replace('{help}', brand.links.helpCenter),
    '',
    '--',
    t.why,
    `${t.notYou} ${facts.stopUrl}`,
    '',
    t.legalName,
  ].join('\n');
  const questions = e(t.questions)
    .replace('{email}', `<a href="mailto:${e(brand.supportEmail)}">${e(brand.supportEmail)}</a>`)
    .replace('{help}', `<a href="${e(brand.links.helpCenter)}">${e(t.helpCenter)}</a>`);
  const html = `<!doctype html>
<html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(t.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#0b6e4f;font-size:22px">${e(t.heading)}</h1>
<p>${e(t.intro)}</p>
<p>
<a href="${e(brand.links.googlePlay)}" style="${button}">${e(t.googlePlayButton)}</a>
<a href="${e(brand.links.appStore)}" style="${button}">${e(t.appStoreButton)}</a>
</p>
<h2 style="font-size:18px">${e(t.stepsHeading)}</h2>
<ol>${t.steps.map((step) => `<li>${e(step)}</li>`).join('')}</ol>
<p>${questions}</p>
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 16px">
<p style="color:#444;font-size:13px">${e(t.why)}</p>
<p style="color:#444;font-size:13px">${e(t.notYou)} <a href="${e(facts.stopUrl)}" style="color:#0b6e4f;white-space:nowrap">${e(t.stopLink)}</a></p>
<p style="color:#666;font-size:12px">${e(t.legalName)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}
