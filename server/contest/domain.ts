/**
 * Turns what a store owner types into the host we store (docs/contest.md): URLs, `www.`, bare names under
 * the store suffix, trailing dots, case and internationalised names (compared in punycode).
 * Returns undefined for anything that cannot be a host name; callers answer "not found".
 */
import { domainToASCII } from 'node:url';
import { brand } from '../../common/brand.js';

const MAX_INPUT = 2048;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/**
 * Already a lowercase ASCII host or store name, as most input is: nothing to strip, and IDN conversion
 * would change nothing. Excluded: punycode labels (`xn--`, which conversion validates) and a last label
 * that is a number, which URL host parsing reads as an IPv4 address.
 */
const PLAIN = /^(?:[a-z0-9-]+\.)*(?!(?:\d+|0x[0-9a-f]*)$)[a-z0-9-]+$/;

export function normalizeDomain(input: string, suffix: string = brand.storeDomainSuffix): string | undefined {
  if (typeof input !== 'string' || input.length > MAX_INPUT) return undefined;
  if (PLAIN.test(input) && !input.includes('xn--')) return finish(input, suffix);
  // Control characters never belong in a domain; reject rather than strip.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  if (/[\u0000-\u001f\u007f]/.test(input)) return undefined;
  let text = input.trim();
  if (text === '') return undefined;
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  text = text.replace(/^[^@/]*@/, ''); // user:pass@
  text = text.split(/[/?#]/, 1)[0] ?? '';
  text = text.replace(/:\d*$/, ''); // port
  text = text.replace(/\.+$/, '');
  if (text === '' || /\s/.test(text)) return undefined;
  const ascii = domainToASCII(text.toLowerCase());
  if (!ascii) return undefined;
  return finish(ascii, suffix);
}

function finish(ascii: string, suffix: string): string | undefined {
  let host = ascii.replace(/^www\./, '');
  if (!host.includes('.')) host = `${host}.${suffix}`;
  if (host.length > 253 || !host.split('.').every((label) => LABEL.test(label))) return undefined;
  return host;
}
