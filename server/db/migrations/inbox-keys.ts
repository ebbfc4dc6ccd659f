/**
 * Fills `inbox_key` (common/email.ts inboxKey: case, `+tag` and Gmail dots are one inbox) on the signups
 * and outbox rows written before the column existed, a thousand at a time. Both backends' migrations use it.
 */
import { type Kysely, sql } from 'kysely';
import { inboxKey } from '../../../common/email.js';

export async function fillInboxKeys(db: Kysely<unknown>, table: 'signups' | 'outbox'): Promise<void> {
  const column = table === 'signups' ? sql.ref('email') : sql.ref('recipient');
  for (;;) {
    const { rows } = await sql<{ id: number; address: string }>`
      SELECT id, ${column} AS address FROM ${sql.table(table)} WHERE inbox_key IS NULL ORDER BY id LIMIT 1000`.execute(
      db,
    );
    if (rows.length === 0) return;
    for (const row of rows) {
      await sql`UPDATE ${sql.table(table)} SET inbox_key = ${inboxKey(row.address)} WHERE id = ${row.id}`.execute(db);
    }
  }
}
