/**
 * Which database failures mean "not now, try again" rather than a fault of ours: the database is
 * down, unreachable, full of connections, shutting down, its disk full, or a bound ran out (a lock held
 * too long, a statement past its timeout, no connection in time). One list for both backends; callers turn these
 * into the UNAVAILABLE answer (docs/operations.md "Database outages").
 */

/** Node's network errors: nothing listens, the host is unknown or unreachable, the connection broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** PostgreSQL SQLSTATEs; any of class 08 (connection_exception) too. */
const POSTGRES_CODES = new Set([
  '57014', // query_canceled: statement_timeout (or lock_timeout while waiting)
  '55P03', // lock_not_available: lock_timeout
  '53300', // too_many_connections
  '57P01', // admin_shutdown: the server is stopping, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
]);

/** What pg and pg-pool throw without a code: a connection that did not come in time or was lost. */
const DRIVER_MESSAGES = [
  /^timeout exceeded when trying to connect/, // pg-pool: no free connection within connectionTimeoutMillis
  /^Connection terminated/, // unexpectedly, or due to connection timeout
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Query read timeout/, // pg's query_timeout: the server or the network went silent mid-query
];

/**
 * SQLite: busy past busy_timeout (another process holds the write lock), or the disk full (SQLITE_FULL,
 * and SQLITE_IOERR on a full disk, which disk-full.ts reports as SQLITE_FULL): nothing was written.
 */
const SQLITE_CODES = /^SQLITE_(BUSY|FULL)/;

function unavailableItself(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (SQLITE_CODES.test(code)) return true;
  }
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** Whether `error` (or one of its causes) says the database is unavailable for now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (unavailableItself(current)) return true;
    // Several addresses tried (localhost as ::1 and 127.0.0.1): Node's AggregateError holds each.
    if (current instanceof AggregateError && current.errors.some(unavailableItself)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/** A connection that was not made in time (the host swallows packets, or the server never answers). */
export function isConnectTimeout(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /^timeout exceeded when trying to connect|^Connection terminated due to connection timeout/.test(message);
}
