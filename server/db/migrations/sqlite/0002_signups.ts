/** The 24-hour resend rule looks up an address's latest welcome e-mail: index the outbox by recipient. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'created_at']).execute();
}
