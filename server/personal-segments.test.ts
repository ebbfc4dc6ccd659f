/**
 * The one rule that keeps personal data out of logged paths and partners' counts: what it masks, and
 * that the database's masked_personal() (a migration's on PostgreSQL, this module's on SQLite) answers
 * exactly as the request log's maskPersonal() on both backends.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../testing/server/cleanups.js';
import { TEST_BACKENDS } from '../testing/server/databases.js';
import { PERSONAL_SEGMENT_AS_MIGRATED } from './db/migrations/postgres/0014_partner_counts_masked.js';
import { MASK_FUNCTION, maskPersonal, PERSONAL_SEGMENT } from './personal-segments.js';

const { fresh } = cleanupAfterEach();

/** Input and what the rule makes of it. */
const CASES: [string, string][] = [
  ['blog.example/confirm/jane@x.ng', 'blog.example/confirm/[redacted]'],
  ['blog.example/confirm/ada%40x.ng/next', 'blog.example/confirm/[redacted]/next'],
  ['blog.example/ADA%40X.NG', 'blog.example/[redacted]'],
  ['08031234567', '[redacted]'],
  ['blog.example/orders/order-1234567-x/and/2026', 'blog.example/orders/[redacted]/and/2026'],
  ['blog.example/post-123456', 'blog.example/post-123456'],
  ['new-year-2027 issue 12', 'new-year-2027 issue 12'],
  ['', ''],
];

describe('maskPersonal', () => {
  it.each(CASES)('given %j should give %j', (input, masked) => {
    expect(maskPersonal(input)).toBe(masked);
  });

  it('is the rule the newest PostgreSQL migration installed (a change to it needs a migration that redefines masked_personal)', () => {
    expect(PERSONAL_SEGMENT).toBe(PERSONAL_SEGMENT_AS_MIGRATED);
  });
});

describe.each(TEST_BACKENDS)('masked_personal() on %s', (backend) => {
  it('answers every case as maskPersonal does', async () => {
    const { opened } = await fresh(backend);
    for (const [input, masked] of CASES) {
      const { rows } = await sql<{ out: string }>`SELECT ${sql.raw(MASK_FUNCTION)}(${input}) AS out`.execute(opened.db);
      expect([input, rows[0]?.out]).toEqual([input, masked]);
    }
  });
});
