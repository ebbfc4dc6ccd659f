/**
 * What the signup metric counts (kasuwa_signups_total): every start-selling request once, by outcome:
 * accepted, a filled honeypot (answered as accepted), refused by a limit or as invalid, or failed.
 */
import { RateLimitedError, UserFacingError } from '../errors.js';
import { filledHoneypot, type RequestContext, type Signups, type StartSellingInput } from './signups.js';

export const SIGNUP_OUTCOMES = [
  'accepted',
  'honeypot',
  'rate_limited_ip',
  'rate_limited_address',
  'invalid',
  'error',
] as const;
export type SignupOutcome = (typeof SIGNUP_OUTCOMES)[number];

export function signupOutcomeOf(error: unknown): SignupOutcome {
  if (error instanceof RateLimitedError) return error.limit === 'ip' ? 'rate_limited_ip' : 'rate_limited_address';
  return error instanceof UserFacingError && error.code === 'BAD_USER_INPUT' ? 'invalid' : 'error';
}

/** `signups.startSelling`, with each request's outcome handed to `count`; the answer and errors as they were. */
export function countedStartSelling(signups: Pick<Signups, 'startSelling'>, count: (outcome: SignupOutcome) => void) {
  return async (input: StartSellingInput, context: RequestContext = {}) => {
    try {
      const accepted = await signups.startSelling(input, context);
      count(filledHoneypot(input) ? 'honeypot' : 'accepted');
      return accepted;
    } catch (error) {
      count(signupOutcomeOf(error));
      throw error;
    }
  };
}
