/**
 * The Lagos calendar day of a stored time, in each backend's SQL, from the one Lagos offset
 * (common/lagos-time.ts): a date on PostgreSQL (of a timestamptz), `2026-12-07` text on SQLite.
 */
import { LAGOS_OFFSET_HOURS } from '../../common/lagos-time.js';
import type { Backend } from './database.js';

export function lagosDaySql(backend: Backend, column: string): string {
  return backend === 'postgres'
    ? `((${column} AT TIME ZONE 'UTC') + interval '${LAGOS_OFFSET_HOURS} hour')::date`
    : `date(${column}, '+${LAGOS_OFFSET_HOURS} hour')`;
}
