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

export const STORE_NOT_FOUND_MESSAGE = "We couldn't find a store with that domain";
