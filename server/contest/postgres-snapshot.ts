/**
 * The PostgreSQL contest storage's plumbing and read side: the intake transaction with its retries,
 * COPY in and out in the text format (the bulk path both ways), and the snapshot reader the board
 * loads and follows the change log through (docs/operations.md "The change feed": why that is safe).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { nextTurn, type ReloadScope } from './intake-rules.js';
import {
  type ChangeBatch,
  ContestBusy,
  type ContestSnapshot,
  INTAKE_IDLE_TIMEOUT_MS,
  INTAKE_STATEMENT_TIMEOUT_MS,
  LOCK_WAIT_MS,
  PRUNED_THROUGH,
  type StoreRecord,
} from './storage.js';

const SELECT_STORES = `SELECT c.store_key, c.revenue_kobo, s.opted_in, s.domain, s.custom_domain, s.id, s.name, s.logo_url
  FROM contest_standings c JOIN stores s ON s.id = c.store_id`;

export type Client = pg.PoolClient;
type Row = unknown[];

export const rows = async <T extends Row>(client: Client, text: string, values: unknown[] = []): Promise<T[]> =>
  (await client.query<T>({ text, values, rowMode: 'array' })).rows;

const RETRIES = 5;
/** serialization_failure, deadlock_detected, unique_violation (an order or store another import inserted first) */
const RETRYABLE = new Set(['40001', '40P01', '23505']);
/** lock_not_available: lock_timeout expired */
const LOCK_TIMEOUT = '55P03';

/**
 * Runs `work` in a transaction, retried whole on the failures a concurrent writer can cause
 * (serialization failures, deadlocks, an insert racing another import's insert of the same order); a
 * lock wait past LOCK_WAIT_MS is ContestBusy. It may not sit idle past INTAKE_IDLE_TIMEOUT_MS (the
 * server ends it), nor run one statement past `statementTimeoutMs` (0: unbounded, for bulk imports).
 */
export async function intakeTransaction<T>(
  pool: pg.Pool,
  work: (client: Client) => Promise<T>,
  statementTimeoutMs = INTAKE_STATEMENT_TIMEOUT_MS,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
      await client.query(
        `SET LOCAL lock_timeout = ${LOCK_WAIT_MS}; SET LOCAL idle_in_transaction_session_timeout = ${INTAKE_IDLE_TIMEOUT_MS};
         SET LOCAL statement_timeout = ${statementTimeoutMs}`,
      );
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      const code = (error as { code?: string }).code ?? '';
      if (code === LOCK_TIMEOUT) throw new ContestBusy(error);
      if (!RETRYABLE.has(code) || attempt >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt * Math.random()));
    } finally {
      client.release();
    }
  }
}

/** One COPY text field: \N for null, backslash escapes for the characters COPY reads specially. */
export function field(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;
}

/** COPYs rows into a table, in chunks of lines (a few ms each) with a turn of the event loop between them. */
export async function copyInto<T>(client: Client, table: string, items: readonly T[], line: (item: T) => string) {
  async function* chunks() {
    for (let start = 0; start < items.length; start += 2_000) {
      let text = '';
      for (const item of items.slice(start, start + 2_000)) text += `${line(item)}\n`;
      yield text;
      await nextTurn();
    }
  }
  await pipeline(Readable.from(chunks()), client.query(copyFrom(`COPY ${table} FROM STDIN`)));
}

const UNESCAPE: Record<string, string> = { t: '\t', n: '\n', r: '\r', '\\': '\\' };
/** One COPY text field back: \N is null. */
const unfield = (text: string): string | null =>
  text === '\\N' ? null : text.includes('\\') ? text.replace(/\\(.)/g, (_, c: string) => UNESCAPE[c] ?? c) : text;

/** The rows of a query through COPY TO, as arrays of text fields, in batches as they arrive. */
async function* copyOut(client: Client, query: string): AsyncGenerator<(string | null)[][]> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of client.query(copyTo(`COPY (${query}) TO STDOUT`))) {
    const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
    rest = lines.pop() ?? '';
    yield lines.map((line) => line.split('\t').map(unfield));
  }
}

async function* mapBatches<T>(batches: AsyncIterable<(string | null)[][]>, map: (fields: (string | null)[]) => T) {
  for await (const batch of batches) yield batch.map(map);
}

const toStoreRecord = (f: (string | null)[]): StoreRecord => [
  Number(f[0]),
  Number(f[1]),
  f[2] === 't',
  f[3] ?? '',
  f[4] ?? null,
  f[5] ?? '',
  f[6] ?? null,
  f[7] ?? null,
];

/** A value of contest_meta. */
export const meta = async (client: Client, key: string) =>
  (await rows<[string]>(client, 'SELECT value FROM contest_meta WHERE key = $1', [key]))[0]?.[0];

/** The read side of one snapshot (a REPEATABLE READ transaction on `client`). */
export function reader(client: Client): ContestSnapshot {
  let xmin: number | undefined;
  const horizon = async () => {
    xmin ??= (await rows<[number]>(client, 'SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint'))[0]?.[0];
    return xmin ?? 0;
  };
  return {
    // COPY out: one pass over the tables, ~10x faster than pages of SELECT at a million stores.
    allStores: () => mapBatches(copyOut(client, SELECT_STORES), toStoreRecord),
    allRevenues: () =>
      mapBatches(
        copyOut(client, 'SELECT store_key, revenue_kobo FROM contest_standings WHERE revenue_kobo > 0'),
        (f): [number, number] => [Number(f[0]), Number(f[1])],
      ),
    storesByKey: (keys) =>
      keys.length
        ? rows<StoreRecord>(client, `${SELECT_STORES} WHERE c.store_key = ANY($1::int[])`, [keys])
        : Promise.resolve([]),
    async changesSince(cursor): Promise<ChangeBatch> {
      const settledBelow = await horizon();
      const found = await rows<[boolean, number | null, ReloadScope | null]>(
        client,
        `SELECT xid < $2::text::xid8, store_key, reload FROM contest_changes WHERE xid >= $1::text::xid8 ORDER BY seq`,
        [String(cursor), String(settledBelow)],
      );
      const keys: number[] = [];
      const reloads: ReloadScope[] = [];
      let unsettled = 0;
      for (const [settled, key, reload] of found) {
        // Stores named by rows above the horizon are read again now and again next time (harmless);
        // their reload rows wait until every older transaction has ended.
        if (!settled) unsettled += 1;
        if (key !== null) keys.push(key);
        else if (settled) reloads.push(reload ?? 'everything');
      }
      return { keys, reloads, cursor: Math.max(cursor, settledBelow), unsettled };
    },
    cursor: horizon,
    prunedBefore: async () => Number((await meta(client, PRUNED_THROUGH)) ?? 0) + 1,
  };
}
