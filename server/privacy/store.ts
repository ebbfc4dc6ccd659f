/**
 * Storage for privacy requests (rules: server/privacy/privacy.ts): the suppression list, and what one
 * inbox has in the signups and the outbox, found by `inbox_key` whatever the spelling. One Kysely
 * implementation for SQLite and PostgreSQL; each request is one transaction.
 */
import type { Selectable } from 'kysely';
import { dbClock } from '../db/clock.js';
import type { OpenedDatabase } from '../db/database.js';
import type { OutboxTable, PartnersTable, SignupsTable, SuppressionsTable } from '../db/schema.js';

export type SuppressionReason = 'link' | 'one-click' | 'erased';

export type InboxRecords = {
  signups: Selectable<SignupsTable>[];
  outbox: Selectable<OutboxTable>[];
  /** The partner codes the inbox reserved or holds (docs/partners.md, "Joining"). */
  partners: Selectable<PartnersTable>[];
  suppression: Selectable<SuppressionsTable> | null;
};

export type PrivacyStore = {
  /** Puts the inbox on the list (kept as it was if already there) and cancels its unsent mail: how many. */
  suppress(inbox: { key: string; hash: string }, reason: SuppressionReason): Promise<{ cancelled: number }>;
  isSuppressed(hash: string): Promise<boolean>;
  /** The whole list (hashes only; small: one per inbox that asked), for leaving them out of the export. */
  suppressedHashes(): Promise<Set<string>>;
  /** Everything stored about the inbox. */
  records(inbox: { key: string; hash: string }): Promise<InboxRecords>;
  /**
   * Deletes the inbox's signups, outbox rows and partner records, and keeps only its hash on the list:
   * what it removed, and the codes of the partner records (whose links the caller refuses).
   */
  erase(inbox: {
    key: string;
    hash: string;
  }): Promise<{ signups: number; outbox: number; partners: number; partnerCodes: string[]; suppressed: boolean }>;
};

export function createPrivacyStore(opened: Pick<OpenedDatabase, 'backend' | 'db'>): PrivacyStore {
  const { db } = opened;
  const clock = dbClock(opened.backend);
  return {
    suppress: (inbox, reason) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('suppressions')
          .values({ inbox_hash: inbox.hash, reason, created_at: clock.now() })
          .onConflict((conflict) => conflict.column('inbox_hash').doNothing())
          .execute();
        // Rows a worker holds (`sending`) too: it checks the row again right before it sends.
        const result = await trx
          .updateTable('outbox')
          .set({ status: 'cancelled', lease_until: null })
          .where('inbox_key', '=', inbox.key)
          .where('status', 'in', ['pending', 'sending'])
          .executeTakeFirst();
        return { cancelled: Number(result.numUpdatedRows) };
      }),
    async isSuppressed(hash) {
      const row = await db
        .selectFrom('suppressions')
        .select('inbox_hash')
        .where('inbox_hash', '=', hash)
        .executeTakeFirst();
      return row !== undefined;
    },
    async suppressedHashes() {
      const rows = await db.selectFrom('suppressions').select('inbox_hash').execute();
      return new Set(rows.map((row) => row.inbox_hash));
    },
    records: (inbox) =>
      db.transaction().execute(async (trx) => ({
        signups: await trx.selectFrom('signups').selectAll().where('inbox_key', '=', inbox.key).orderBy('id').execute(),
        outbox: await trx.selectFrom('outbox').selectAll().where('inbox_key', '=', inbox.key).orderBy('id').execute(),
        partners: await trx
          .selectFrom('partners')
          .selectAll()
          .where('inbox_key', '=', inbox.key)
          .orderBy('code')
          .execute(),
        suppression:
          (await trx.selectFrom('suppressions').selectAll().where('inbox_hash', '=', inbox.hash).executeTakeFirst()) ??
          null,
      })),
    erase: (inbox) =>
      db.transaction().execute(async (trx) => {
        const signups = await trx.deleteFrom('signups').where('inbox_key', '=', inbox.key).executeTakeFirst();
        const outbox = await trx.deleteFrom('outbox').where('inbox_key', '=', inbox.key).executeTakeFirst();
        const partners = await trx
          .deleteFrom('partners')
          .where('inbox_key', '=', inbox.key)
          .returning('code')
          .execute();
        const added = await trx
          .insertInto('suppressions')
          .values({ inbox_hash: inbox.hash, reason: 'erased', created_at: clock.now() })
          .onConflict((conflict) => conflict.column('inbox_hash').doNothing())
          .executeTakeFirst();
        return {
          signups: Number(signups.numDeletedRows),
          outbox: Number(outbox.numDeletedRows),
          partners: partners.length,
          partnerCodes: partners.map((row) => row.code),
          suppressed: Number(added.numInsertedOrUpdatedRows ?? 0) > 0,
        };
      }),
  };
}
