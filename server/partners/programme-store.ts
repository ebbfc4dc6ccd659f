/**
 * Storage for the partner programme (rules: programme.ts; docs/partners.md, "Joining"): reserving a code
 * (the primary key decides a race), confirming it, the codes an inbox holds, and the operators' list,
 * disable and assign. Each mail is queued in the transaction that decided it, with its own key.
 */
import crypto from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import { inboxKey } from '../../common/email.js';
import { dbClock } from '../db/clock.js';
import type { OpenedDatabase } from '../db/database.js';
import type { Database, OutboxKind, PartnersTable } from '../db/schema.js';
import { createPartnerStore } from './store.js';

export type PartnerRecord = Selectable<PartnersTable>;
/** The programme's mails: the double opt-in's link, and a partner's private link. */
export type ProgrammeMailKind = Extract<OutboxKind, 'partner-confirm' | 'partner-link'>;
export type ProgrammeMail = { kind: ProgrammeMailKind; code: string; locale: string };

export type Reservation = { code: string; email: string; website: string; locale: string };
/**
 * `queued`: the code is newly the asker's and its confirmation is on its way; `taken`: held already, by
 * anyone, the asker included (whose mail `resend` queues again, after the answer: programme.ts).
 */
export type ReserveResult = 'queued' | 'taken';
/** A confirmed, enabled code of an inbox, and the address its mail goes to. */
export type LinkableCode = { code: string; email: string };

export function createProgrammeStore(opened: Pick<OpenedDatabase, 'backend' | 'db'>) {
  const { db, backend } = opened;
  const clock = dbClock(backend);

  async function queue(trx: Transaction<Database>, recipient: string, mail: ProgrammeMail) {
    await trx
      .insertInto('outbox')
      .values({
        // Random, file-name safe and unique: one mail per request, whatever the worker does.
        idempotency_key: crypto.randomUUID(),
        kind: mail.kind,
        recipient,
        inbox_key: inboxKey(recipient),
        payload: JSON.stringify({ code: mail.code, locale: mail.locale }),
        status: 'pending',
        attempts: 0,
        next_attempt_at: clock.now(),
        created_at: clock.now(),
      })
      .execute();
  }

  /** Partners with the signups their code brought (all time), by code: every one, or `code`'s alone. */
  async function withSignups(code?: string): Promise<(PartnerRecord & { signups: number })[]> {
    const rows = await db
      .selectFrom('partners')
      .leftJoin(
        db
          .selectFrom('partner_daily_signups')
          .select(['partner', (eb) => eb.fn.sum<number | string>('signups').as('signups')])
          .$if(code !== undefined, (query) => query.where('partner', '=', code!))
          .groupBy('partner')
          .as('counts'),
        'counts.partner',
        'partners.code',
      )
      .selectAll('partners')
      .select('counts.signups')
      .$if(code !== undefined, (query) => query.where('partners.code', '=', code!))
      .orderBy('partners.code')
      .execute();
    return rows.map((row) => ({ ...row, signups: Number(row.signups ?? 0) }));
  }

  return {
    /**
     * Reserves `code` for the asker and queues its confirmation; a code held unconfirmed by another for
     * more than `pendingMs` is freed first. Held already, by the asker or anyone else, it is `taken` after
     * the same statements either way; the asker's own gets its mail again from `resend`.
     */
    reserve: (asked: Reservation, pendingMs: number): Promise<ReserveResult> =>
      db.transaction().execute(async (trx) => {
        const key = inboxKey(asked.email);
        await trx
          .deleteFrom('partners')
          .where('code', '=', asked.code)
          .where('confirmed_at', 'is', null)
          .where('inbox_key', '!=', key)
          .where('created_at', '<', clock.offset(-pendingMs))
          .execute();
        const held = await trx.selectFrom('partners').select('code').where('code', '=', asked.code).executeTakeFirst();
        if (!held) {
          // Signups already came with this code (an older, unreserved one, which an operator assigns), or
          // an operator linked or revoked it: held by someone already.
          if (await createPartnerStore({ db: trx, backend }).claimed(asked.code)) return 'taken';
          const inserted = await trx
            .insertInto('partners')
            .values({ ...asked, inbox_key: key, created_at: clock.now(), confirmed_at: null, disabled_at: null })
            .onConflict((conflict) => conflict.column('code').doNothing())
            .returning('code')
            .executeTakeFirst();
          if (inserted) {
            await queue(trx, asked.email, { kind: 'partner-confirm', code: asked.code, locale: asked.locale });
            return 'queued';
          }
          // Reserved by another request meanwhile (the primary key decided): taken, as any held code.
        }
        return 'taken';
      }),
    /**
     * The asker's own code asked for again: its mail once more, a confirmation (the code then kept
     * CONFIRM_HOURS from now, as its link says) or, confirmed, a private link. False when the code is
     * not the asker's, or disabled: nothing queued.
     */
    resend: (asked: Omit<Reservation, 'website'>) =>
      db.transaction().execute(async (trx) => {
        const held = await trx
          .selectFrom('partners')
          .select(['code', 'email', 'confirmed_at'])
          .where('code', '=', asked.code)
          .where('inbox_key', '=', inboxKey(asked.email))
          .where('disabled_at', 'is', null)
          .executeTakeFirst();
        if (!held) return false;
        if (held.confirmed_at === null) {
          await trx.updateTable('partners').set({ created_at: clock.now() }).where('code', '=', held.code).execute();
        }
        const kind = held.confirmed_at === null ? 'partner-confirm' : 'partner-link';
        await queue(trx, held.email, { kind, code: held.code, locale: asked.locale });
        return true;
      }),
    /** Of these candidates, the ones not free: reserved (however long ago), used by signups, or with link keys. */
    async taken(codes: string[]): Promise<Set<string>> {
      if (codes.length === 0) return new Set();
      const rows = await db
        .selectFrom('partners')
        .select('code')
        .where('code', 'in', codes)
        .union(db.selectFrom('partner_daily_signups').select('partner as code').where('partner', 'in', codes))
        .union(db.selectFrom('partner_link_keys').select('partner as code').where('partner', 'in', codes))
        .execute();
      return new Set(rows.map((row) => row.code));
    },
    find: (code: string) => db.selectFrom('partners').selectAll().where('code', '=', code).executeTakeFirst(),
    /**
     * Confirms the code for its owner (`inbox_key`) and, the first time only, queues the private link by
     * mail in `locale`. `first`: this call confirmed it (of two at once, one only); undefined when the code
     * is not (or no longer) theirs, or disabled.
     */
    confirm: (code: string, key: string, locale: string) =>
      db.transaction().execute(async (trx): Promise<{ first: boolean } | undefined> => {
        const first = await trx
          .updateTable('partners')
          .set({ confirmed_at: clock.now() })
          .where('code', '=', code)
          .where('inbox_key', '=', key)
          .where('confirmed_at', 'is', null)
          .where('disabled_at', 'is', null)
          .returning('email')
          .executeTakeFirst();
        if (first) {
          await queue(trx, first.email, { kind: 'partner-link', code, locale });
          return { first: true };
        }
        const held = await trx
          .selectFrom('partners')
          .select('code')
          .where('code', '=', code)
          .where('inbox_key', '=', key)
          .where('confirmed_at', 'is not', null)
          .where('disabled_at', 'is', null)
          .executeTakeFirst();
        return held ? { first: false } : undefined;
      }),
    /** The key version the code's links are signed with now (partners' links and confirmation links). */
    keyVersion: (code: string) => createPartnerStore(opened).keyVersion(code),
    /** The inbox's confirmed, enabled codes (one read, whatever it finds). */
    linkable: (email: string): Promise<LinkableCode[]> =>
      db
        .selectFrom('partners')
        .select(['code', 'email'])
        .where('inbox_key', '=', inboxKey(email))
        .where('confirmed_at', 'is not', null)
        .where('disabled_at', 'is', null)
        .orderBy('code')
        .execute(),
    /** Queues a private link to each of these codes (a code disabled since gets none: its mail handler refuses it). */
    queueLinks: async (codes: LinkableCode[], locale: string) => {
      if (codes.length === 0) return 0;
      await db.transaction().execute(async (trx) => {
        for (const row of codes) await queue(trx, row.email, { kind: 'partner-link', code: row.code, locale });
      });
      return codes.length;
    },
    /** Every partner, with the signups their code brought (all time), by code. */
    list: () => withSignups(),
    /** The code's partner with its signups (partners:show), undefined when no partner has it. */
    show: async (code: string) => (await withSignups(code))[0],
    /** Marks the code disabled (kept as it was if already): whether it exists. */
    async disable(code: string): Promise<boolean> {
      await db
        .updateTable('partners')
        .set({ disabled_at: clock.now() })
        .where('code', '=', code)
        .where('disabled_at', 'is', null)
        .execute();
      return (await db.selectFrom('partners').select('code').where('code', '=', code).executeTakeFirst()) !== undefined;
    },
    /**
     * The operator's assignment: the code (new, or only used by signups so far, or held unconfirmed)
     * becomes the address's, confirmed now. A code confirmed by another inbox is refused: false.
     */
    assign: (code: string, email: string, locale: string) =>
      db.transaction().execute(async (trx) => {
        const key = inboxKey(email);
        const held = await trx.selectFrom('partners').selectAll().where('code', '=', code).executeTakeFirst();
        if (held && held.confirmed_at !== null && held.inbox_key !== key) return false;
        if (held) await trx.deleteFrom('partners').where('code', '=', code).execute();
        await trx
          .insertInto('partners')
          .values({
            code,
            email,
            inbox_key: key,
            website: held?.website ?? '',
            locale: held?.locale ?? locale,
            created_at: held?.created_at ?? clock.now(),
            confirmed_at: clock.now(),
            disabled_at: null,
          })
          .execute();
        return true;
      }),
    /** The inbox's codes (privacy:show). */
    ofInbox: (key: string) =>
      db.selectFrom('partners').selectAll().where('inbox_key', '=', key).orderBy('code').execute(),
  };
}

export type ProgrammeStore = ReturnType<typeof createProgrammeStore>;
