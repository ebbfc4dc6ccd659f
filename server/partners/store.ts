/**
 * What a partner's page reads (docs/partners.md): counts only, never an address, a name or an IP hash.
 * One query per page, on the (partner, first_requested_at) index: the partner's signups grouped by Lagos
 * day, page and campaign, which the rules (counts.ts) fold into weeks. And the key versions of the links.
 */
import { sql } from 'kysely';
import { dbClock } from '../db/clock.js';
import type { OpenedDatabase } from '../db/database.js';

export type SignupGroup = { day: string; source: string | null; campaign: string | null; signups: number };

const dayOf = (day: string | Date) =>
  typeof day === 'string'
    ? day
    : `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

export function createPartnerStore(opened: Pick<OpenedDatabase, 'backend' | 'db'>) {
  const { db, backend } = opened;
  const clock = dbClock(backend);
  // Lagos is UTC+1 all year (no DST), as partners:report counts.
  const lagosDay =
    backend === 'postgres'
      ? sql<string>`((first_requested_at AT TIME ZONE 'UTC') + interval '1 hour')::date`
      : sql<string>`date(first_requested_at, '+1 hour')`;
  /** The partner's signups by Lagos day, page (as stored) and campaign (bench:partners EXPLAINs it). */
  const groupsQuery = (partner: string) =>
    db
      .selectFrom('signups')
      .select([lagosDay.as('day'), 'source', 'campaign', sql<number | string>`count(*)`.as('signups')])
      .where('partner', '=', partner)
      .groupBy([lagosDay, 'source', 'campaign']);
  return {
    groupsQuery,
    async groups(partner: string): Promise<SignupGroup[]> {
      const rows = await groupsQuery(partner).execute();
      // PostgreSQL's date comes back as a Date at local midnight (node-pg): written back as its day.
      return rows.map((row) => ({ ...row, day: dayOf(row.day), signups: Number(row.signups) }));
    },
    async hasSignups(partner: string): Promise<boolean> {
      const row = await db
        .selectFrom('signups')
        .select('id')
        .where('partner', '=', partner)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** The key version links for this code are signed with now: 0 until the first revoke. */
    async keyVersion(partner: string): Promise<number> {
      const row = await db
        .selectFrom('partner_link_keys')
        .select('key_version')
        .where('partner', '=', partner)
        .executeTakeFirst();
      return row?.key_version ?? 0;
    },
    /** Moves the code's key version on: every link signed before is refused. Answers the new version. */
    async revoke(partner: string): Promise<number> {
      const row = await db
        .insertInto('partner_link_keys')
        .values({ partner, key_version: 1, revoked_at: clock.now() })
        .onConflict((conflict) =>
          conflict.column('partner').doUpdateSet((eb) => ({
            key_version: eb('partner_link_keys.key_version', '+', 1),
            revoked_at: eb.ref('excluded.revoked_at'),
          })),
        )
        .returning('key_version')
        .executeTakeFirstOrThrow();
      return row.key_version;
    },
  };
}

export type PartnerStore = ReturnType<typeof createPartnerStore>;
