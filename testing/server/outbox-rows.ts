/** Outbox rows as the signups write them, for the mail tests: one pending welcome mail per recipient. */
import type { Insertable } from 'kysely';
import { inboxKey } from '../../common/email.js';
import type { Db } from '../../server/db/database.js';
import type { OutboxTable } from '../../server/db/schema.js';

/** Queues a welcome mail to each recipient, due now unless `row(i)` says otherwise (any column). */
export async function queueWelcomeMails(
  db: Db,
  recipients: string[],
  row: (i: number) => Partial<Insertable<OutboxTable>> = () => ({}),
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('outbox')
    .values(
      recipients.map((recipient, i) => ({
        idempotency_key: `key-${i}-${recipient}`,
        kind: 'welcome',
        recipient,
        inbox_key: inboxKey(recipient),
        payload: '{}',
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        ...row(i),
      })),
    )
    .execute();
}
