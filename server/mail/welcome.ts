/** The welcome e-mail a signup receives: app links and the setup steps, every brand fact from brand.ts. */
import { brand } from '../../common/brand.js';

export type MailContent = { subject: string; text: string; html: string };

const steps = [
  `Install the ${brand.name} app from Google Play or the App Store.`,
  'Open it and create your store: a business name and an account number are all it takes.',
  'Add your products: photos, prices in naira and variants such as size or colour.',
  `Share your store link (yourstore.${brand.storeDomainSuffix}) with your customers on WhatsApp, Instagram and everywhere you sell.`,
];

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function welcomeEmail(): MailContent {
  const subject = `Your ${brand.name} store: download the app and start selling`;
  const text = [
    `Welcome to ${brand.name}!`,
    '',
    'Download the app:',
    `- Android (Google Play): ${brand.links.googlePlay}`,
    `- iPhone (App Store): ${brand.links.appStore}`,
    '',
    'Set up your store in minutes:',
    ...steps.map((step, i) => `${i + 1}. ${step}`),
    '',
    `Questions? Write to ${brand.supportEmail} or visit ${brand.links.helpCenter}.`,
    '',
    `${brand.legalName}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en-NG"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#0b6e4f;font-size:22px">Welcome to ${e(brand.name)}!</h1>
<p>${e(brand.tagline)}. Download the app to open your free store:</p>
<p>
<a href="${e(brand.links.googlePlay)}" style="display:inline-block;background:#0b6e4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;margin:0 8px 8px 0">Get it on Google Play</a>
<a href="${e(brand.links.appStore)}" style="display:inline-block;background:#0b6e4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;margin:0 8px 8px 0">Download on the App Store</a>
</p>
<h2 style="font-size:18px">Set up your store in minutes</h2>
<ol>${steps.map((step) => `<li>${e(step)}</li>`).join('')}</ol>
<p>Questions? Write to <a href="mailto:${e(brand.supportEmail)}">${e(brand.supportEmail)}</a> or visit <a href="${e(brand.links.helpCenter)}">our help center</a>.</p>
<p style="color:#666;font-size:12px">${e(brand.legalName)}</p>
</body></html>`;
  return { subject, text, html };
}
