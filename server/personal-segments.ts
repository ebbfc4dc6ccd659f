/**
 * Personal data out of logged paths and partners' counts: a path segment (text between slashes, or a
 * whole campaign) holding an e-mail address (`@`, `%40`) or a long number (7 digits in a row: a phone, an
 * account) becomes `[redacted]`. The request log and the daily counts' trigger (both backends) use it; a
 * change needs a migration that redefines masked_personal() (personal-segments.test.ts fails until then).
 */
export const PERSONAL_SEGMENT = '[^/\\s]*(@|%40|[0-9]{7,})[^/\\s]*';
export const MASKED = '[redacted]';
const PATTERN = new RegExp(PERSONAL_SEGMENT, 'gi');

export const maskPersonal = (text: string) => text.replace(PATTERN, MASKED);

/** The SQL function name both backends' triggers call (SQLite: registered on each connection). */
export const MASK_FUNCTION = 'masked_personal';
