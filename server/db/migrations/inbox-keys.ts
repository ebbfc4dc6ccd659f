/**
 * Fills `inbox_key` (common/email.ts inboxKey: case, `+tag` and Gmail dots are one inbox) on the signups
 * and outbox rows written before the column existed, a thousand rows per statement. Both backends' migrations use it.
 */
import { type Kysely, sql } from 'kysely';
import { inboxKey } from '../../../common/email.js';

export async function fillInboxKeys(db: Kysely<unknown>, table: 'signups' | 'outbox'): Promise<void> {
  const column = table === 'signups' ? sql.ref('email') : sql.ref('recipient');
  for (let after = 0; ; ) {
    const { rows } = await sql<{ id: number; address: string }>`
      SELECT id, ${column} AS address FROM ${sql.table(table)} WHERE id > ${after} ORDER BY id LIMIT 1000`.execute(db);
    if (rows.length === 0) return;
    const values = sql.join(rows.map((row) => sql`(CAST(${row.id} AS bigint), ${inboxKey(row.address)})`));
    await sql`UPDATE ${sql.table(table)} SET inbox_key = v.column2 FROM (VALUES ${values}) AS v
      WHERE ${sql.table(table)}.id = v.column1`.execute(db);
    after = Number(rows[rows.length - 1]!.id);
  }
}
