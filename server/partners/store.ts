/**
 * What a partner's page reads (docs/partners.md): counts only, never an address, a name or an IP hash.
 * One query per page: the code's rows of partner_daily_signups (its signups per Lagos day, page and
 * campaign, kept by a trigger on signups) summed per ISO week in the database, which the rules
 * (partners.ts) fold into the page's numbers. And the key versions of the links.
 */
import { sql } from 'kysely';
import { dbClock } from '../db/clock.js';
import type { OpenedDatabase } from '../db/database.js';

/**
 * A partner's signups from one page and campaign (null: none) on a Lagos day (`2026-12-07`), or in the
 * ISO week that starts on it: the store gives weeks, each as its Monday.
 */
export type PartnerDay = { day: string; page: string | null; campaign: string | null; signups: number };

export function createPartnerStore(opened: Pick<OpenedDatabase, 'backend' | 'db'>) {
  const { db, backend } = opened;
  const clock = dbClock(backend);
  // The Monday of the day's ISO week (days are Lagos days already), as text: PostgreSQL's date would come
  // back as a Date at local midnight (node-pg). SQLite: the Sunday that ends the week, less six days.
  const monday =
    backend === 'postgres'
      ? sql<string>`to_char(day - (extract(isodow from day)::int - 1), 'YYYY-MM-DD')`
      : sql<string>`date(day, 'weekday 0', '-6 days')`;
  /**
   * The partner's signups per week, page and campaign: a range of the table's primary key, summed there
   * (a few rows per week and page, not one per day). bench:partners EXPLAINs it.
   */
  const weeksQuery = (partner: string) =>
    db
      .selectFrom('partner_daily_signups')
      .select([monday.as('day'), 'page', 'campaign', sql<number | string>`sum(signups)`.as('signups')])
      .where('partner', '=', partner)
      .groupBy([monday, 'page', 'campaign']);
  return {
    weeksQuery,
    async weeks(partner: string): Promise<PartnerDay[]> {
      const rows = await weeksQuery(partner).execute();
      // '' is how the table keeps "none" in its key.
      return rows.map((row) => ({
        day: row.day,
        page: row.page || null,
        campaign: row.campaign || null,
        signups: Number(row.signups),
      }));
    },
    /** Whether any signup ever came with this code (erased ones too: their counts stay). */
    async hasSignups(partner: string): Promise<boolean> {
      const row = await db
        .selectFrom('partner_daily_signups')
        .select('partner')
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

export type CodeDay = { partner: string; campaign?: string | null; day: string; signups: number };

/**
 * partners:report's rows: each code's signups per Lagos day from `sinceDay` on (`2026-12-07`), every page
 * together, and every campaign together unless `byCampaign`. By code in byte order on both backends, then
 * campaign (none first), oldest day first; streamed.
 */
export async function* streamPartnerDays(
  opened: Pick<OpenedDatabase, 'backend' | 'db'>,
  sinceDay?: string,
  byCampaign = false,
): AsyncGenerator<CodeDay> {
  const { db, backend } = opened;
  // PostgreSQL's default collation would sort by locale rules; "C" is SQLite's byte order ('' first).
  const bytes = (column: 'partner' | 'campaign') =>
    backend === 'postgres' ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);
  const day = backend === 'postgres' ? sql<string>`to_char(day, 'YYYY-MM-DD')` : sql<string>`day`;
  // Without --by campaign every campaign is one group, read as ''.
  const campaign = byCampaign ? sql<string>`campaign` : sql<string>`''`;
  const rows = db
    .selectFrom('partner_daily_signups')
    .select(['partner', campaign.as('campaign'), day.as('day'), sql<number | string>`sum(signups)`.as('signups')])
    .$if(sinceDay !== undefined, (query) => query.where('day', '>=', sinceDay!))
    .groupBy(byCampaign ? ['partner', 'campaign', 'day'] : ['partner', 'day'])
    .orderBy(bytes('partner'))
    .$if(byCampaign, (query) => query.orderBy(bytes('campaign')))
    .orderBy('day')
    .stream(500);
  for await (const row of rows) {
    yield {
      partner: row.partner,
      ...(byCampaign && { campaign: row.campaign || null }),
      day: row.day,
      signups: Number(row.signups),
    };
  }
}
