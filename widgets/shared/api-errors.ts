/**
 * The API's refusals in the widget's language, by their code. In the API client's chunk (api-client.ts
 * re-exports it): a refusal comes only through the client, so its words load with it, not with the page.
 */
import { msg } from '@lingui/core/macro';
import type { Translate } from '../../common/i18n.js';

const M = {
  unavailable: msg({ id: 'api.unavailable', message: 'Kasuwa is busy. Please try again in a moment.' }),
  internal: msg({ id: 'api.internal', message: 'Something went wrong on our side. Please try again.' }),
  storeNotFound: msg({ id: 'api.store-not-found', message: "We couldn't find a store with that domain" }),
  rateLimited: msg({
    id: 'api.rate-limited',
    message:
      '{minutes, plural, one {Too many tries. Try again in a minute.} other {Too many tries. Try again in # minutes.}}',
  }),
  rateLimitedHours: msg({
    id: 'api.rate-limited-hours',
    message:
      '{hours, plural, one {Too many tries. Try again in an hour.} other {Too many tries. Try again in # hours.}}',
  }),
};

type ApiError = { message?: string; extensions?: { code?: string; retryAfterSeconds?: number } };

/**
 * An API refusal from its code; a code we have no words for keeps the API's own. Nothing here from
 * messages.ts: a module both this chunk and the page's import would become a chunk of its own.
 */
export function apiErrorMessage(t: Translate, answer: ApiError): string {
  const code = answer.extensions?.code;
  if (code === 'RATE_LIMITED') {
    // As common/messages.ts rounds it: whole minutes, or whole hours from an hour up.
    const minutes = Math.max(1, Math.ceil((answer.extensions?.retryAfterSeconds ?? 60) / 60));
    return minutes < 60 ? t(M.rateLimited, { minutes }) : t(M.rateLimitedHours, { hours: Math.ceil(minutes / 60) });
  }
  if (code === 'UNAVAILABLE') return t(M.unavailable);
  if (code === 'INTERNAL') return t(M.internal);
  if (code === 'STORE_NOT_FOUND') return t(M.storeNotFound);
  return answer.message ?? '';
}
