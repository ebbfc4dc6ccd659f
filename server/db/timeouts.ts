/** PostgreSQL's bounds on a session's statements and lock waits and on the wait for a connection (docs/operations.md "Database outages"). */

/** In milliseconds; 0 removes the bound. */
export type DatabaseTimeouts = { statementMs: number; lockMs: number; connectMs: number };
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementMs: 30_000, lockMs: 3_000, connectMs: 5_000 };
