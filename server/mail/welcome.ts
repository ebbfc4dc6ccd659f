/**
 * The welcome e-mail a signup receives: app links and the setup steps, every brand fact from brand.ts,
 * in the signup's language (words in welcome-messages.ts).
 */
import { brand } from '../../common/brand.js';
import type { Locale } from '../../common/i18n.js';
import { translatorFor } from '../../common/lingui.js';
import { WELCOME as W } from './welcome-messages.js';

/** `language`: the Content-Language header (transport.ts). */
export type MailContent = { subject: string; text: string; html: string; language?: Locale };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function welcomeEmail(locale: Locale = 'en'): MailContent {
  const t = translatorFor(locale);
  const b = { brand: brand.name };
  const steps = W.steps.map((step) => t(step, { ...b, storeLink: `yourstore.${brand.storeDomainSuffix}` }));
  const subject = t(W.subject, b);
  const text = [
    t(W.title, b),
    '',
    t(W.download),
    `- ${t(W.android)}: ${brand.links.googlePlay}`,
    `- ${t(W.iphone)}: ${brand.links.appStore}`,
    '',
    `${t(W.setup)}:`,
    ...steps.map((step, i) => `${i + 1}. ${step}`),
    '',
    t(W.questions, { email: brand.supportEmail, helpCenter: brand.links.helpCenter }),
    '',
    `${brand.legalName}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#0b6e4f;font-size:22px">${e(t(W.title, b))}</h1>
<p>${e(t(W.tagline))}. ${e(t(W.intro))}</p>
<p>
<a href="${e(brand.links.googlePlay)}" style="display:inline-block;background:#0b6e4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;margin:0 8px 8px 0">${e(t(W.googlePlay))}</a>
<a href="${e(brand.links.appStore)}" style="display:inline-block;background:#0b6e4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;margin:0 8px 8px 0">${e(t(W.appStore))}</a>
</p>
<h2 style="font-size:18px">${e(t(W.setup))}</h2>
<ol>${steps.map((step) => `<li>${e(step)}</li>`).join('')}</ol>
<p>${questionsHtml(t(W.questions, { email: EMAIL_SLOT, helpCenter: HELP_SLOT }), t(W.helpCenter))}</p>
<p style="color:#666;font-size:12px">${e(brand.legalName)}</p>
</body></html>`;
  return { subject, text, html, language: locale };
}

// The question line's two links go where the translation puts its placeholders.
const EMAIL_SLOT = '\u0001email\u0001';
const HELP_SLOT = '\u0001help\u0001';
function questionsHtml(sentence: string, helpCenterText: string): string {
  const e = escapeHtml;
  return e(sentence)
    .replace(EMAIL_SLOT, `<a href="mailto:${e(brand.supportEmail)}">${e(brand.supportEmail)}</a>`)
    .replace(HELP_SLOT, `<a href="${e(brand.links.helpCenter)}">${e(helpCenterText)}</a>`);
}
