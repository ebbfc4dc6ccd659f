/**
 * Text made safe inside XML or HTML markup written as a string (an attribute value or element text):
 * the five characters with a meaning there become entities. The one escape the site, the sitemap and
 * the mails use.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
