/**
 * What a partner's page reads (docs/partners.md): counts only, never an address, a name or an IP hash.
 * Aggregated in the database from partner_daily_signups (the code's signups per Lagos day, page and
 * campaign, kept by a trigger on signups): the weeks shown, the top pages and campaigns with the rest
 * summed, and the CSV's weekly rows for a range, streamed. And the key versions of the links.
 */
import { sql } from 'kysely';
import { PARTNER_TOP } from '../../common/partner-report.js';
import { dbClock } from '../db/clock.js';
import type { OpenedDatabase } from '../db/database.js';

/** A week's signups, the week given by its Monday (`2026-12-07`). */
export type WeekTotal = { weekStarts: string; signups: number };
/** The top names, most first (name null: the rest, summed, with how many they are). */
export type TopCount = { name: string | null; signups: number; count: number };
/** A partner's signups from one page and campaign (null: none) in the ISO week that starts on `weekStarts`. */
export type WeekRow = { weekStarts: string; page: string | null; campaign: string | null; signups: number };

const ROW_BATCH = 1000;

export function createPartnerStore(opened: Pick<OpenedDatabase, 'backend' | 'db'>) {
  const { db, backend } = opened;
  const clock = dbClock(backend);
  // The Monday of the day's ISO week (days are Lagos days already): grouped as a date on PostgreSQL,
  // read as text (node-pg would give a Date at local midnight). SQLite: the week's Sunday less six days.
  const week =
    backend === 'postgres' ? sql<string>`date_trunc('week', day)` : sql<string>`date(day, 'weekday 0', '-6 days')`;
  const monday = backend === 'postgres' ? sql<string>`to_char(${week}, 'YYYY-MM-DD')` : week;
  // Names in byte order on both backends (PostgreSQL's default collation follows locale rules).
  const bytes = (column: 'page' | 'campaign') =>
    backend === 'postgres' ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);
  /** The code's signups per week from `sinceDay` on: a range of the table's primary key. */
  const weeksQuery = (partner: string, sinceDay: string) =>
    db
      .selectFrom('partner_daily_signups')
      .select([monday.as('week_starts'), sql<number | string>`sum(signups)`.as('signups')])
      .where('partner', '=', partner)
      .where('day', '>=', sinceDay)
      .groupBy(week);
  /**
   * The code's top names by all-time signups (pages: those with a page), most first, then by name; the
   * rest summed in one line with a null name. Ranked and folded in the database.
   */
  const topQuery = (partner: string, column: 'page' | 'campaign') => {
    const ranked = db
      .selectFrom('partner_daily_signups')
      .select([
        sql.ref(column).as('name'),
        sql<number | string>`sum(signups)`.as('signups'),
        // Most first; on a tie by name, with no campaign last.
        sql<number>`row_number() OVER (ORDER BY sum(signups) DESC, ${sql.ref(column)} = '', ${bytes(column)})`.as(
          'rank',
        ),
      ])
      .where('partner', '=', partner)
      .$if(column === 'page', (query) => query.where('page', '<>', ''))
      .groupBy(column);
    // A literal, not a parameter: PostgreSQL matches the SELECT's expression to the GROUP BY's by its text.
    const folded = sql<string | null>`CASE WHEN rank <= ${sql.lit(PARTNER_TOP)} THEN name END`;
    return db
      .selectFrom(ranked.as('ranked'))
      .select([
        folded.as('name'),
        sql<number | string>`sum(signups)`.as('signups'),
        sql<number | string>`count(*)`.as('count'),
      ])
      .groupBy(folded)
      .orderBy(sql`min(rank)`);
  };
  /** The code's rows per ISO week, page and campaign over the Lagos days `from`..`to`: oldest week, then most first. */
  const rowsQuery = (partner: string, from: string, to: string) =>
    db
      .selectFrom('partner_daily_signups')
      .select([monday.as('week_starts'), 'page', 'campaign', sql<number | string>`sum(signups)`.as('signups')])
      .where('partner', '=', partner)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy([week, 'page', 'campaign'])
      .orderBy(week)
      .orderBy(sql`sum(signups) DESC`)
      .orderBy(bytes('page'))
      .orderBy(bytes('campaign'));
  return {
    weeksQuery,
    topQuery,
    rowsQuery,
    async weeks(partner: string, sinceDay: string): Promise<WeekTotal[]> {
      const rows = await weeksQuery(partner, sinceDay).execute();
      return rows.map((row) => ({ weekStarts: row.week_starts, signups: Number(row.signups) }));
    },
    /** The top pages or campaigns; '' (how the table keeps "none" in its key) reads as the name ''. */
    async top(partner: string, column: 'page' | 'campaign'): Promise<TopCount[]> {
      const rows = await topQuery(partner, column).execute();
      return rows.map((row) => ({ name: row.name, signups: Number(row.signups), count: Number(row.count) }));
    },
    /**
     * The rows of a range in batches of up to ROW_BATCH: from a cursor on PostgreSQL (one pooled
     * connection while the client reads); read whole on SQLite, whose one connection every other write
     * waits for, so no client's reading holds it (five years of weeks are some 26,000 rows).
     */
    async *rows(partner: string, from: string, to: string): AsyncGenerator<WeekRow[]> {
      const query = rowsQuery(partner, from, to);
      const source = backend === 'postgres' ? query.stream(ROW_BATCH) : await query.execute();
      let batch: WeekRow[] = [];
      for await (const row of source) {
        batch.push({
          weekStarts: row.week_starts,
          page: row.page || null,
          campaign: row.campaign || null,
          signups: Number(row.signups),
        });
        if (batch.length === ROW_BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
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
    /**
     * Whether the code is held outside the partners table: signups came with it (erased ones too: their
     * counts stay), or it has link keys (partners:link registered it, or it was revoked). A join is refused it.
     */
    async claimed(partner: string): Promise<boolean> {
      const row = await db
        .selectNoFrom((eb) =>
          eb
            .or([
              eb.exists(eb.selectFrom('partner_link_keys').select('partner').where('partner', '=', partner)),
              eb.exists(eb.selectFrom('partner_daily_signups').select('partner').where('partner', '=', partner)),
            ])
            .as('claimed'),
        )
        .executeTakeFirstOrThrow();
      // PostgreSQL answers a boolean, SQLite 1 or 0.
      return Boolean(row.claimed);
    },
    /**
     * partners:link's registration: the code gets link keys (version 0, dated now) unless it has some, so
     * it counts as taken before anyone joined with it (a stranger would otherwise confirm it and open the
     * counts its link shows).
     */
    async register(partner: string): Promise<void> {
      await db
        .insertInto('partner_link_keys')
        .values({ partner, key_version: 0, revoked_at: clock.now() })
        .onConflict((conflict) => conflict.column('partner').doNothing())
        .execute();
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
