/**
 * The one HTML shell of every mail: the document, its title and heading in the brand's green, the body a
 * capability writes, and the legal name at the foot. Inline styles only: mail clients drop style sheets.
 */
import { brand } from '../../common/brand.js';
import { escapeXml } from '../../common/escape-xml.js';
import type { Locale } from '../../common/i18n.js';

/** The brand's green: the heading, the buttons and the links that matter. */
export const MAIL_GREEN = '#0b6e4f';

const BUTTON = `display:inline-block;background:${MAIL_GREEN};color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none`;

/** A link drawn as a button; `spacing` for buttons side by side. */
export function mailButton(href: string, label: string, spacing?: string): string {
  return `<a href="${escapeXml(href)}" style="${BUTTON}${spacing ? `;${spacing}` : ''}">${escapeXml(label)}</a>`;
}

/** The whole HTML document: `body` is HTML the caller has escaped, placed between the heading and the foot. */
export function mailDocument(parts: { locale: Locale; subject: string; heading: string; body: string }): string {
  const e = escapeXml;
  return `<!doctype html>
<html lang="${parts.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(parts.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:${MAIL_GREEN};font-size:22px">${e(parts.heading)}</h1>
${parts.body}
<p style="color:#666;font-size:12px">${e(brand.legalName)}</p>
</body></html>`;
}
