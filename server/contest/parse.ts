/**
 * Contest intake, parsing: the CSV files of the admin CLI and the NDJSON of POST /ingest/sales become
 * rows, or a reason per bad line (with its 1-based number). Nothing here touches the database.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { LAGOS_OFFSET } from '../../common/lagos-time.js';
import { hasControlCharacters } from '../control-characters.js';
import { MAX_ORDER_KOBO, orderOverCap } from './amount-limits.js';
import { normalizeDomain } from './domain.js';

export type LineError = { line: number; reason: string };
/** One parsed input line: a row, or why the line is bad. */
export type Parsed<T> = { line: number; row: T; error?: undefined } | { line: number; error: string; row?: undefined };

export type SaleRow = {
  orderId: string;
  storeId: string;
  amountKobo: number;
  status: 'paid' | 'refunded';
  /** UTC ISO string. */
  paidAt: string;
};

export type StoreRow = {
  id: string;
  name: string | null;
  domain: string;
  customDomain: string | null;
  logoUrl: string | null;
  /** undefined: keep the current value (new stores are opted in). */
  optedIn: boolean | undefined;
};

const MAX_ID = 128;

/** Why a field is bad: thrown without a stack trace, since a 10 MB batch of bad lines makes 600,000. */
class BadField {
  constructor(readonly message: string) {}
}

/** Lines of a text without splitting it into one big array; numbers are 1-based. */
function* lines(text: string): Generator<[number, string]> {
  let start = 0;
  let number = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    number += 1;
    let line = text.slice(start, end);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (number === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    yield [number, line];
    start = end + 1;
  }
}

type Record_ = Record<string, unknown>;

const QUOTE_ERRORS = new Set(['CSV_QUOTE_NOT_CLOSED', 'CSV_INVALID_CLOSING_QUOTE', 'CSV_INVALID_OPENING_QUOTE']);

type CsvRow = { line: number; fields?: string[]; error?: string };

/** Every record through csv-parse, with the line it starts on. */
function quotedCsvRows(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  // Blank lines are records too (skipped later), so a record starts on the line after the last one ended.
  let lastLine = 0;
  // csv-parse counts a CRLF inside a quoted field as two lines; with LF only its line numbers are right
  // (a line break inside a field is kept as \n).
  parseCsv(text.includes('\r') ? text.replace(/\r\n/g, '\n') : text, {
    bom: true,
    relax_column_count: true, // a wrong field count is reported per line later, in our words
    relax_quotes: true, // a quote inside an unquoted field is text, as before
    skip_records_with_error: true,
    on_record: (fields: string[], context) => {
      rows.push({ line: lastLine + 1, fields });
      lastLine = context.lines;
      return null;
    },
    on_skip: (error) => {
      if (!error) return undefined;
      const reason = QUOTE_ERRORS.has(error.code) ? 'unbalanced quotes' : error.message;
      rows.push({ line: lastLine + 1, error: reason });
      lastLine = Number(error.lines);
      return undefined;
    },
  });
  return rows;
}

/** Without a quote anywhere, RFC 4180 is one record per line split at commas: twice as fast at 1M rows. */
function* plainCsvRows(text: string): Generator<CsvRow> {
  for (const [line, raw] of lines(text)) yield { line, fields: raw.split(',') };
}

/**
 * CSV (RFC 4180 through csv-parse: quoted fields may hold commas, quotes and line breaks) with a header
 * line naming at least `required`; one record per non-blank line, or a reason with the record's first
 * line number. A bad record does not stop the ones after it, so one import reports every bad line.
 */
function* csvRecords(text: string, required: string[], optional: string[]): Generator<Parsed<Record_>> {
  const records = text.includes('"') ? quotedCsvRows(text) : plainCsvRows(text);
  let header: string[] | undefined;
  for (const { line, fields, error } of records) {
    if (fields && fields.length === 1 && (fields[0] ?? '').trim() === '') continue;
    if (!header) {
      header = (fields ?? []).map((name) => name.trim().toLowerCase());
      const missing = required.filter((name) => !header?.includes(name));
      const unknown = header.filter((name) => !required.includes(name) && !optional.includes(name));
      if (missing.length || unknown.length) {
        const parts = [
          missing.length ? `missing column ${missing.join(', ')}` : '',
          unknown.length ? `unknown column ${unknown.join(', ')}` : '',
        ];
        yield { line, error: `header must be ${required.join(',')}: ${parts.filter(Boolean).join('; ')}` };
        return;
      }
      continue;
    }
    if (!fields) {
      yield { line, error: error ?? 'unreadable line' };
      continue;
    }
    if (fields.length !== header.length) {
      yield { line, error: `expected ${header.length} fields, found ${fields.length}` };
      continue;
    }
    const record: Record_ = {};
    header.forEach((name, i) => {
      record[name] = fields[i];
    });
    yield { line, row: record };
  }
  if (!header) yield { line: 1, error: `empty file: expected a header line ${required.join(',')}` };
}

/** NDJSON: one JSON object per non-empty line. */
function* ndjsonRecords(text: string): Generator<Parsed<Record_>> {
  for (const [line, raw] of lines(text)) {
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      yield { line, error: 'not valid JSON' };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      yield { line, error: 'expected a JSON object' };
    else yield { line, row: value as Record_ };
  }
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const ID = /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/;

function identifier(value: unknown, name: string): string {
  const id = text(value);
  if (id === '') throw new BadField(`${name} is required`);
  if (id.length > MAX_ID || !ID.test(id))
    throw new BadField(`${name} must be up to ${MAX_ID} letters, digits or . _ : / -`);
  return id;
}

/**
 * Naira with up to two decimals → kobo, exactly (no floating point on the way); Infinity for a number
 * too long to hold exactly, which is far past MAX_ORDER_KOBO anyway.
 */
export function nairaToKobo(value: unknown): number | undefined {
  const raw = text(value).replace(/^₦/, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(raw);
  if (!match) return undefined;
  const whole = (match[1] as string).replace(/^0+(?=\d)/, '');
  if (whole.length > 13) return Number.POSITIVE_INFINITY;
  return Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** ISO 8601 date-time → UTC ISO string; without an offset it is Africa/Lagos time (UTC+1). */
export function parseIsoTime(value: unknown): string | undefined {
  const raw = text(value);
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(raw);
  if (!match) return undefined;
  const [, date, time = '00:00:00', fraction = '', zone = LAGOS_OFFSET] = match;
  const offset = /^[+-]\d{4}$/.test(zone) ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone.toUpperCase();
  const iso = `${date}T${time.length === 5 ? `${time}:00` : time}${fraction.slice(0, 4)}${offset}`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return undefined;
  // Date.parse rolls 2026-02-30 over to March; refuse dates that do not exist.
  const local = new Date(ms + offsetMinutes(offset) * 60_000).toISOString().slice(0, 10);
  return local === date ? new Date(ms).toISOString() : undefined;
}

function offsetMinutes(offset: string): number {
  if (offset === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}

function toSale(record: Record_): SaleRow {
  const orderId = identifier(record.order_id, 'order_id');
  const storeId = identifier(record.store_id, 'store_id');
  const amountKobo = nairaToKobo(record.amount);
  if (amountKobo === undefined)
    throw new BadField('amount must be naira with up to two decimals, such as 15000 or 15000.50');
  if (amountKobo > MAX_ORDER_KOBO) throw new BadField(orderOverCap());
  const status = text(record.status).toLowerCase();
  if (status !== 'paid' && status !== 'refunded') throw new BadField('status must be paid or refunded');
  if (status === 'paid' && amountKobo === 0) throw new BadField('amount of a paid sale must be more than 0');
  const paidAt = parseIsoTime(record.paid_at);
  if (!paidAt) throw new BadField('paid_at must be an ISO 8601 date-time, such as 2026-12-24T14:30:00+01:00');
  return { orderId, storeId, amountKobo, status, paidAt };
}

function toStore(record: Record_): StoreRow {
  const id = identifier(record.store_id, 'store_id');
  const name = text(record.name) || null;
  if (name && name.length > 200) throw new BadField('name must be at most 200 characters');
  if (name && hasControlCharacters(name))
    throw new BadField('name must not contain control characters (line breaks, tabs, terminal escapes)');
  const domain = normalizeDomain(text(record.domain));
  if (!domain) throw new BadField('domain is not a valid domain name');
  const customRaw = text(record.custom_domain);
  const customDomain = customRaw ? normalizeDomain(customRaw) : null;
  if (customDomain === undefined) throw new BadField('custom_domain is not a valid domain name');
  const logoUrl = text(record.logo_url) || null;
  if (logoUrl && (logoUrl.length > 2048 || !/^https?:\/\/[^\s]+$/i.test(logoUrl) || hasControlCharacters(logoUrl))) {
    throw new BadField('logo_url must be an http(s) URL');
  }
  const optedRaw = text(record.opted_in).toLowerCase();
  let optedIn: boolean | undefined;
  if (/^(1|yes|true)$/.test(optedRaw)) optedIn = true;
  else if (/^(0|no|false)$/.test(optedRaw)) optedIn = false;
  else if (optedRaw !== '') throw new BadField('opted_in must be yes or no');
  return { id, name, domain, customDomain: customDomain === domain ? null : customDomain, logoUrl, optedIn };
}

function* mapRows<T>(records: Iterable<Parsed<Record_>>, convert: (record: Record_) => T): Generator<Parsed<T>> {
  for (const parsed of records) {
    if (parsed.error !== undefined) {
      yield parsed;
      continue;
    }
    try {
      yield { line: parsed.line, row: convert(parsed.row) };
    } catch (error) {
      yield { line: parsed.line, error: (error as BadField | Error).message };
    }
  }
}

export const SALES_COLUMNS = ['order_id', 'store_id', 'amount', 'status', 'paid_at'];
export const STORES_COLUMNS = ['store_id', 'name', 'domain', 'logo_url'];

export const parseSalesCsv = (input: string) => mapRows(csvRecords(input, SALES_COLUMNS, []), toSale);
export const parseSalesNdjson = (input: string) => mapRows(ndjsonRecords(input), toSale);
export const parseStoresCsv = (input: string) =>
  mapRows(csvRecords(input, STORES_COLUMNS, ['custom_domain', 'opted_in']), toStore);
