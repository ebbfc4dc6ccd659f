/**
 * What the API says to people when it refuses them, shared by the server and the widgets' fake API
 * (testing/browser/fake-graphql.ts), so both show the same words.
 */
export const STORE_NOT_FOUND_MESSAGE = "We couldn't find a store with that domain";

/** Any failure of ours (never the details): the API's INTERNAL error and the no-JavaScript pages. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** The database is unavailable for a moment: the API's UNAVAILABLE error and the no-JavaScript page (503). */
export const UNAVAILABLE_MESSAGE = 'Kasuwa is busy. Please try again in a moment.';

/**
 * What a refused person reads, in the API's RATE_LIMITED error and on the no-JavaScript page alike:
 * the wait rounded up to whole minutes, or to whole hours from an hour up.
 */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const hours = Math.ceil(minutes / 60);
  const wait =
    minutes === 1 ? 'a minute' : minutes < 60 ? `${minutes} minutes` : hours === 1 ? 'an hour' : `${hours} hours`;
  return `Too many tries. Try again in ${wait}.`;
}
