/**
 * The privacy migrations' backfill (0005_privacy on PostgreSQL, 0007_privacy on SQLite): signups and
 * outbox rows written before `inbox_key` existed get their inbox key, every spelling of one inbox alike.
 */
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../testing/server/cleanups.js';
import { TEST_BACKENDS } from '../../../testing/server/databases.js';
import { fillInboxKeys } from './inbox-keys.js';

const { fresh } = cleanupAfterEach();

describe.each(TEST_BACKENDS)('fillInboxKeys on %s', (backend) => {
  it('given rows from before the column should give each its inbox key, past one batch of 1000', async () => {
    const database = await fresh(backend);
    const { db } = database.opened;
    const at = '2026-12-01T00:00:00.000Z';
    const addresses = ['Ngozi.Eze@gmail.com', 'ngozieze+shop@googlemail.com', 'Bisi+x@Example.ng'];
    const many = Array.from({ length: 1200 }, (_, i) => `Person.${i}@example.ng`);
    for (const chunk of [addresses, ...Array.from({ length: 6 }, (_, i) => many.slice(i * 200, i * 200 + 200))]) {
      await db
        .insertInto('signups')
        .values(
          chunk.map((email) => ({
            email,
            email_key: email.toLowerCase(),
            first_requested_at: at,
            last_requested_at: at,
            request_count: 1,
            source: null,
            partner: null,
            ip_hash: null,
            last_welcome_at: null,
            last_welcome_request: null,
            inbox_key: null,
          })),
        )
        .execute();
    }
    await db
      .insertInto('outbox')
      .values(
        addresses.map((recipient, i) => ({
          idempotency_key: `k${i}`,
          kind: 'welcome',
          recipient,
          payload: '{}',
          status: 'sent' as const,
          attempts: 1,
          next_attempt_at: at,
          created_at: at,
          inbox_key: null,
        })),
      )
      .execute();

    await fillInboxKeys(db as unknown as Kysely<unknown>, 'signups');
    await fillInboxKeys(db as unknown as Kysely<unknown>, 'outbox');

    const keys = async (table: 'signups' | 'outbox') =>
      (
        await sql<{ inbox_key: string | null }>`SELECT inbox_key FROM ${sql.table(table)} ORDER BY id`.execute(db)
      ).rows.map((row) => row.inbox_key);
    const signups = await keys('signups');
    expect(signups.slice(0, 3)).toEqual(['ngozieze@gmail.com', 'ngozieze@gmail.com', 'bisi@example.ng']);
    expect(signups.at(-1)).toBe('person.1199@example.ng');
    expect(signups.filter((key) => key === null)).toEqual([]);
    expect(await keys('outbox')).toEqual(['ngozieze@gmail.com', 'ngozieze@gmail.com', 'bisi@example.ng']);
  });
});
