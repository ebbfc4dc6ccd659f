/** Errors the API shows to people. The GraphQL layer maps them to `extensions.code`. */
import { UNAVAILABLE_MESSAGE } from '../common/messages.js';

export type ErrorCode = 'BAD_USER_INPUT' | 'STORE_NOT_FOUND' | 'RATE_LIMITED' | 'UNAVAILABLE' | 'INTERNAL';

export class UserFacingError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Which signup limit refused a request: kept for metrics, never shown (it would tell a bot which to dodge). */
export type SignupLimit = 'ip' | 'address';

export class RateLimitedError extends UserFacingError {
  constructor(
    readonly limit: SignupLimit,
    message: string,
    retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message, { retryAfterSeconds });
  }
}

/** How long a person is asked to wait when the database is unavailable (retryAfterSeconds, Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The database is down, unreachable or locked past its bounds (server/db/availability.ts): nothing
 * was stored, and the same request may well succeed in a moment.
 */
export class UnavailableError extends UserFacingError {
  constructor(cause: unknown) {
    super('UNAVAILABLE', UNAVAILABLE_MESSAGE, { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
    this.cause = cause;
  }
}
