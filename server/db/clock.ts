/**
 * Times that order events (signups, the outbox) come from the database clock, so servers on several
 * machines agree. On PostgreSQL that is statement_timestamp(); embedded SQLite has one process and
 * its clock is ours. A caller (tests) may pin the time instead.
 */
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Backend } from './database.js';

export type DbClock = {
  /** Now, or `at` (an ISO string) when the caller pins the time. */
  now(at?: string | null): Expression<string>;
  /** `ms` milliseconds after now (or after `at`); negative for before. */
  offset(ms: number, at?: string | null): Expression<string>;
  /** A stored time (a column) moved by `ms` milliseconds, in SQL. */
  shift(time: RawBuilder<unknown>, ms: number): Expression<string>;
};

const sqliteClock: DbClock = {
  now: (at) => sql.val(at ?? new Date().toISOString()),
  offset: (ms, at) => sql.val(new Date((at ? Date.parse(at) : Date.now()) + ms).toISOString()),
  // The same text as toISOString() (`%f` is seconds with milliseconds), so times still sort as text.
  shift: (time, ms) => sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${time}, ${`${ms / 1000} seconds`})`,
};

const postgresClock: DbClock = {
  now: (at) => (at ? sql<string>`${at}::timestamptz` : sql<string>`statement_timestamp()`),
  offset: (ms, at) =>
    sql<string>`(${at ? sql`${at}::timestamptz` : sql`statement_timestamp()`} + ${String(ms)}::double precision * interval '1 millisecond')`,
  shift: (time, ms) => sql<string>`(${time} + ${String(ms)}::double precision * interval '1 millisecond')`,
};

export function dbClock(backend: Backend): DbClock {
  return backend === 'postgres' ? postgresClock : sqliteClock;
}
