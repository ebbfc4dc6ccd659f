/** Errors the API shows to people. The GraphQL layer maps them to `extensions.code`. */
export type ErrorCode = 'BAD_USER_INPUT' | 'STORE_NOT_FOUND' | 'RATE_LIMITED' | 'INTERNAL';

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
