/**
 * The one e-mail rule, shared by the widget and the server (docs/signups.md, Validation): WHATWG's
 * `input[type=email]` grammar with a few additions, so that we only accept addresses mail can reach.
 */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

export const EMAIL_MESSAGES = {
  required: 'Required',
  invalid: 'Invalid email address',
} as const;

// WHATWG HTML "valid e-mail address" production.
const WHATWG_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export type EmailCheck =
  | { ok: true; email: string }
  | { ok: false; message: (typeof EMAIL_MESSAGES)[keyof typeof EMAIL_MESSAGES] };

/**
 * Trims, validates and normalises (domain lower-cased; the local part is kept as typed). The grammar is
 * WHATWG's `input[type=email]` (what browsers accept: ASCII only, no quoted local parts, no IP-literal
 * domains), with deliberate additions:
 * - the domain must have at least one dot (a bare host such as `ada@localhost` cannot receive our mail);
 * - the local part has no leading, trailing or doubled dot (RFC 5322 dot-atom; mail servers refuse them);
 * - at most 64 characters before the `@` and 254 in all (RFC 5321 limits);
 * - an internationalised domain is accepted in its ASCII (punycode) form, which is what is kept.
 */
export function checkEmail(raw: unknown): EmailCheck {
  const value = asciiDomain(typeof raw === 'string' ? raw.trim() : '');
  if (value === '') return { ok: false, message: EMAIL_MESSAGES.required };
  if (value.length > EMAIL_MAX_LENGTH || !WHATWG_EMAIL.test(value)) {
    return { ok: false, message: EMAIL_MESSAGES.invalid };
  }
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const domain = value.slice(at + 1).toLowerCase();
  if (!domain.includes('.') || local.length > EMAIL_LOCAL_MAX_LENGTH || /^\.|\.\.|\.$/.test(local)) {
    return { ok: false, message: EMAIL_MESSAGES.invalid };
  }
  return { ok: true, email: `${local}@${domain}` };
}

/**
 * An internationalised domain (`ada@bücher.de`) in its ASCII form (`ada@xn--bcher-kva.de`), the one mail
 * servers use and some browsers' e-mail fields give: both spellings are then one address. The URL
 * parser does the IDNA mapping, alike in browsers and Node; anything but letters, digits, `-` and `.` is
 * left for the grammar to refuse.
 */
function asciiDomain(value: string): string {
  const at = value.lastIndexOf('@');
  const domain = value.slice(at + 1);
  if (at < 0 || !/[^\x20-\x7e]/.test(domain) || !/^[\p{L}\p{M}\p{N}.-]+$/u.test(domain)) return value;
  try {
    return `${value.slice(0, at)}@${new URL(`http://${domain}`).hostname}`;
  } catch {
    return value;
  }
}

/** The whole address lower-cased: what makes two signups the same inbox (docs/signups.md). */
export function emailKey(email: string): string {
  return email.toLowerCase();
}

/**
 * The inbox an address reaches, for counting it against the per-address limit: lower-cased, without a
 * `+tag` (every large provider delivers `ada+x@` to `ada@`), and for Gmail without dots, which Gmail
 * ignores (`googlemail.com` is `gmail.com`). Counting only: the address is stored and mailed as typed.
 */
export function inboxKey(email: string): string {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf('@');
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** Form-library shaped validator: `undefined` when valid, else the message to show. */
export function emailError(raw: unknown): string | undefined {
  const check = checkEmail(raw);
  return check.ok ? undefined : check.message;
}
