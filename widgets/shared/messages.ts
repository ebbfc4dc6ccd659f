/**
 * Messages more than one widget shows (docs/languages.md): the e-mail check's words, the network
 * failure. The API's refusals are in api-errors.ts, with the API client; a message only one widget (or
 * dialog.tsx) shows stays with it, out of the chunk every form loads.
 */
import { msg } from '@lingui/core/macro';
import { EMAIL_MESSAGES } from '../../common/email.js';
import type { Translate } from '../../common/i18n.js';

export const SHARED = {
  required: msg({ id: 'form.required', message: 'Required' }),
  invalidEmail: msg({ id: 'form.invalid-email', message: 'Invalid email address' }),
  network: msg({ id: 'form.network', message: "We couldn't reach Kasuwa. Check your connection and try again." }),
};

/** The e-mail check's message (common/email.ts, in English for the API) in the widget's language. */
export function emailMessage(t: Translate, english: string | undefined): string | undefined {
  if (!english) return undefined;
  return t(english === EMAIL_MESSAGES.required ? SHARED.required : SHARED.invalidEmail);
}
