/**
 * The one e-mail rule, shared by the widget and the server (DESIGN.md §4).
 *
 * The grammar is WHATWG's `input[type=email]` (what browsers accept), with two deliberate additions:
 * the domain must have at least one dot (an address at a bare host such as `ada@localhost` cannot
 * receive our mail) and the whole address is at most 254 characters (RFC 5321 path limit).
 */
export const EMAIL_MAX_LENGTH = 254;

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

/** Trims, validates and normalises (domain lower-cased; the local part is kept as typed). */
export function checkEmail(raw: unknown): EmailCheck {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (value === '') return { ok: false, message: EMAIL_MESSAGES.required };
  if (value.length > EMAIL_MAX_LENGTH || !WHATWG_EMAIL.test(value)) {
    return { ok: false, message: EMAIL_MESSAGES.invalid };
  }
  const at = value.lastIndexOf('@');
  const domain = value.slice(at + 1).toLowerCase();
  if (!domain.includes('.')) return { ok: false, message: EMAIL_MESSAGES.invalid };
  return { ok: true, email: `${value.slice(0, at)}@${domain}` };
}

/** Form-library shaped validator: `undefined` when valid, else the message to show. */
export function emailError(raw: unknown): string | undefined {
  const check = checkEmail(raw);
  return check.ok ? undefined : check.message;
}
