/**
 * The daily counts partners' pages and partners:report read (docs/partners.md, "At scale"), kept by a
 * trigger on signups, on SQLite and PostgreSQL: they equal the signups as stored, counted as the page
 * counted them before; a re-signup is not counted twice; two servers writing at once lose nothing; the
 * migration's backfill gives the same rows; and erasing a signup leaves its count.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { type OpenedDatabase, openPostgres } from '../db/database.js';
import * as postgresCounts from '../db/migrations/postgres/0010_partner_daily_signups.js';
import * as sqliteCounts from '../db/migrations/sqlite/0012_partner_daily_signups.js';
import { maskPersonal } from '../personal-segments.js';
import { privacyKeys } from '../privacy/links.js';
import { createPrivacy } from '../privacy/privacy.js';
import { createPrivacyStore } from '../privacy/store.js';
import { eraseExpiredSignups } from '../signups/retention.js';
import { createSignupStore, type SignupRecord } from '../signups/store.js';
import { partnerSummary } from './partners.js';
import { createPartnerStore } from './store.js';
import { lagosDayOf } from './weeks.js';

/** A code's signups on a Lagos day from one page and campaign (null: none). */
type PartnerDay = { day: string; page: string | null; campaign: string | null; signups: number };

const DAY = 86_400_000;
const RESEND_MS = 24 * 3_600_000;
const { defer, fresh } = cleanupAfterEach();

const signup = (
  email: string,
  at: string,
  source: string | null,
  partner: string | null,
  campaign: string | null = null,
): SignupRecord => ({ email, at, source, partner, campaign, locale: 'en', ipHash: null });

/** As the page took it before the daily counts: host and path, before any query or fragment, masked. */
const pageOf = (source: string | null) => (source ? maskPersonal(source.split(/[?#]/, 1)[0] ?? '') || null : null);

/** The computation the counts replace: the code's signups as stored, by Lagos day, page and campaign. */
async function fromSignups(opened: OpenedDatabase, partner: string): Promise<PartnerDay[]> {
  const rows = await opened.db
    .selectFrom('signups')
    .select(['first_requested_at', 'source', 'campaign'])
    .where('partner', '=', partner)
    .execute();
  const days = new Map<string, PartnerDay>();
  for (const row of rows) {
    const day = { day: lagosDayOf(row.first_requested_at).day, page: pageOf(row.source), campaign: row.campaign };
    const key = JSON.stringify(day);
    days.set(key, { ...day, signups: (days.get(key)?.signups ?? 0) + 1 });
  }
  return sorted([...days.values()]);
}

const sorted = (days: PartnerDay[]) =>
  [...days].sort((a, b) =>
    JSON.stringify([a.day, a.page, a.campaign]).localeCompare(JSON.stringify([b.day, b.page, b.campaign])),
  );
/** The code's rows of the table, as they are: per Lagos day. */
const counted = async (opened: OpenedDatabase, partner: string) => {
  const day = opened.backend === 'postgres' ? sql<string>`to_char(day, 'YYYY-MM-DD')` : sql<string>`day`;
  const rows = await opened.db
    .selectFrom('partner_daily_signups')
    .select([day.as('day'), 'page', 'campaign', 'signups'])
    .where('partner', '=', partner)
    .execute();
  return sorted(rows.map((row) => ({ ...row, page: row.page || null, campaign: row.campaign || null })));
};
/** Every row of the table, every code. */
const allCounts = async (opened: OpenedDatabase) =>
  (await opened.db.selectFrom('partner_daily_signups').select(['partner', 'page', 'campaign', 'signups']).execute())
    .map((row) => ({ ...row, signups: Number(row.signups) }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe.each(TEST_BACKENDS)('daily partner counts on %s', (backend) => {
  it('given signups, re-signups in another spelling or with another code, and pages with a query, should count each signup once, by Lagos day, page and campaign', async () => {
    const { opened } = await fresh(backend);
    const store = createSignupStore(opened);
    await store.record(
      [
        // Sunday 23:59:59 in Lagos, then Monday 00:00: two days, two ISO weeks.
        signup(
          'ada@example.ng',
          '2026-12-06T22:59:59.000Z',
          'blog.example/post-1?utm_source=x',
          'lagos-tech',
          'issue-12',
        ),
        signup('bola@example.ng', '2026-12-06T23:00:00.000Z', 'blog.example/post-1#top', 'lagos-tech', 'issue-12'),
        signup('chidi@example.ng', '2026-12-07T10:00:00.000Z', 'blog.example/post-1', 'lagos-tech', 'issue-12'),
        signup('dayo@example.ng', '2026-12-07T11:00:00.000Z', 'blog.example/post-2', 'lagos-tech'),
        signup('emeka@example.ng', '2026-12-07T12:00:00.000Z', null, 'lagos-tech', 'issue-12'),
        signup('funke@example.ng', '2026-12-07T13:00:00.000Z', '?only=query', 'lagos-tech'),
        // The same inbox twice in one batch: the second is a re-signup.
        signup('Gbenga@example.ng', '2026-12-07T14:00:00.000Z', 'blog.example/post-2', 'lagos-tech'),
        signup('gbenga@example.ng', '2026-12-07T14:00:00.000Z', 'blog.example/post-2', 'lagos-tech'),
        // A Saturday: the same ISO week as the Monday.
        signup('hauwa@example.ng', '2026-12-12T10:00:00.000Z', 'blog.example/post-2', 'lagos-tech'),
        signup('radio-reader@example.ng', '2026-12-07T15:00:00.000Z', 'radio.example/', 'radio'),
        signup('no-code@example.ng', '2026-12-07T16:00:00.000Z', 'kasuwa.shop/', null),
      ],
      RESEND_MS,
    );
    // Later re-signups, one under another code and campaign: each signup stays where it was first counted.
    await store.record(
      [
        signup('ADA@example.ng', '2026-12-20T09:00:00.000Z', 'radio.example/', 'radio', 'spot-3'),
        signup('bola@example.ng', '2026-12-20T09:00:00.000Z', 'blog.example/post-9', 'lagos-tech', 'issue-14'),
      ],
      RESEND_MS,
    );

    const days = await counted(opened, 'lagos-tech');
    expect(days).toEqual([
      { day: '2026-12-06', page: 'blog.example/post-1', campaign: 'issue-12', signups: 1 },
      { day: '2026-12-07', page: 'blog.example/post-1', campaign: 'issue-12', signups: 2 },
      { day: '2026-12-07', page: 'blog.example/post-2', campaign: null, signups: 2 },
      { day: '2026-12-07', page: null, campaign: 'issue-12', signups: 1 },
      { day: '2026-12-07', page: null, campaign: null, signups: 1 },
      { day: '2026-12-12', page: 'blog.example/post-2', campaign: null, signups: 1 },
    ]);
    expect(days).toEqual(await fromSignups(opened, 'lagos-tech'));
    expect(await counted(opened, 'radio')).toEqual([
      { day: '2026-12-07', page: 'radio.example/', campaign: null, signups: 1 },
    ]);
    // What the page reads, summed in the database: the CSV's weekly rows (oldest week, then most first),
    // the weeks, and the top pages and campaigns.
    const partnerStore = createPartnerStore(opened);
    const rows: unknown[] = [];
    for await (const batch of partnerStore.rows('lagos-tech', '2026-11-01', '2026-12-31')) rows.push(...batch);
    expect(rows).toEqual([
      { weekStarts: '2026-11-30', page: 'blog.example/post-1', campaign: 'issue-12', signups: 1 },
      { weekStarts: '2026-12-07', page: 'blog.example/post-2', campaign: null, signups: 3 },
      { weekStarts: '2026-12-07', page: 'blog.example/post-1', campaign: 'issue-12', signups: 2 },
      { weekStarts: '2026-12-07', page: null, campaign: null, signups: 1 },
      { weekStarts: '2026-12-07', page: null, campaign: 'issue-12', signups: 1 },
    ]);
    const now = new Date('2026-12-13T10:00:00.000Z');
    const [weekTotals, pages, campaigns] = [
      await partnerStore.weeks('lagos-tech', '2026-06-15'),
      await partnerStore.top('lagos-tech', 'page'),
      await partnerStore.top('lagos-tech', 'campaign'),
    ];
    const summary = partnerSummary('lagos-tech', weekTotals, pages, campaigns, now);
    expect([summary.thisWeek.signups, summary.lastWeek.signups, summary.allTime]).toEqual([7, 1, 8]);
    expect(summary.pages).toEqual([
      { page: 'blog.example/post-1', signups: 3 },
      { page: 'blog.example/post-2', signups: 3 },
    ]);
    expect(summary.campaigns).toEqual([
      { campaign: 'issue-12', signups: 4 },
      { campaign: null, signups: 4 },
    ]);
    expect([summary.otherPages, summary.otherCampaigns]).toEqual([null, null]);
  });

  it('given two servers signing up the same readers at once, should count every one of them once', async () => {
    const database = await fresh(backend);
    // A second connection pool on PostgreSQL, as a second server has; SQLite has one writer.
    const other = backend === 'postgres' ? openPostgres(database.env.DATABASE_URL!) : database.opened;
    if (other !== database.opened) defer(() => other.close());
    const stores = [createSignupStore(database.opened), createSignupStore(other)];
    const at = '2026-12-07T10:00:00.000Z';
    // Server 0 takes readers 0-39, server 1 readers 20-59: 20 of them sign up on both at once.
    await Promise.all(
      stores.flatMap((store, server) =>
        Array.from({ length: 40 }, (_, i) =>
          store.record(
            [signup(`reader-${server * 20 + i}@example.ng`, at, 'blog.example/post-1', 'lagos-tech', 'issue-12')],
            RESEND_MS,
          ),
        ),
      ),
    );
    expect(await counted(database.opened, 'lagos-tech')).toEqual([
      { day: '2026-12-07', page: 'blog.example/post-1', campaign: 'issue-12', signups: 60 },
    ]);
    expect(await fromSignups(database.opened, 'lagos-tech')).toEqual(await counted(database.opened, 'lagos-tech'));
  });

  it('given signups stored before the counts existed, should backfill them in the migration as the trigger counts them', async () => {
    const { opened } = await fresh(backend);
    const store = createSignupStore(opened);
    await store.record(
      Array.from({ length: 30 }, (_, i) =>
        signup(
          `person-${i}@example.ng`,
          new Date(Date.parse('2026-11-01T20:30:00.000Z') + i * 0.4 * DAY).toISOString(),
          `blog.example/post-${i % 3}?ref=${i}`,
          i % 5 === 0 ? null : `code-${i % 2}`,
          i % 4 === 0 ? null : `issue-${i % 2}`,
        ),
      ),
      RESEND_MS,
    );
    const byTrigger = await allCounts(opened);
    expect(byTrigger.reduce((sum, row) => sum + row.signups, 0)).toBe(24);
    // The installation before the migration: no table, no trigger; then the migration as it runs.
    if (backend === 'postgres') {
      await sql`DROP TRIGGER signups_partner_days ON signups`.execute(opened.db);
      await sql`DROP FUNCTION count_partner_signups()`.execute(opened.db);
      await sql`DROP TABLE partner_daily_signups`.execute(opened.db);
      await opened.db.transaction().execute((trx) => postgresCounts.up(trx as never));
    } else {
      await sql`DROP TRIGGER signups_partner_days`.execute(opened.db);
      await sql`DROP TABLE partner_daily_signups`.execute(opened.db);
      await sqliteCounts.up(opened.db as never);
    }
    expect(await allCounts(opened)).toEqual(byTrigger);
    for (const code of ['code-0', 'code-1'])
      expect(await counted(opened, code)).toEqual(await fromSignups(opened, code));
    // And the trigger counts again after it.
    await store.record(
      [signup('late@example.ng', '2026-12-01T10:00:00.000Z', 'blog.example/post-0', 'code-0')],
      RESEND_MS,
    );
    expect(await counted(opened, 'code-0')).toEqual(await fromSignups(opened, 'code-0'));
  });

  it('given signups erased on request or by retention, should keep their counts, and not count an erased inbox that signs up again', async () => {
    const { opened } = await fresh(backend);
    const privacy = createPrivacy(createPrivacyStore(opened), privacyKeys(crypto.randomBytes(32)));
    const store = createSignupStore(opened, { inboxHash: privacy.keys.inboxHash });
    const old = new Date(Date.now() - 800 * DAY).toISOString();
    const recent = new Date(Date.now() - 2 * DAY).toISOString();
    await store.record(
      [
        signup('old@example.ng', old, 'blog.example/post-1', 'lagos-tech'),
        signup('asked@example.ng', recent, 'blog.example/post-1', 'lagos-tech'),
        signup('stays@example.ng', recent, 'blog.example/post-1', 'lagos-tech'),
      ],
      RESEND_MS,
    );
    const before = await counted(opened, 'lagos-tech');
    expect(before.map((day) => day.signups)).toEqual([1, 2]);

    expect(await privacy.erase('asked@example.ng')).toMatchObject({ signups: 1 });
    expect(await eraseExpiredSignups(opened, 730)).toMatchObject({ ran: true, signupsErased: 1 });
    // The rows are gone; what the partner brought is still counted (the counts name nobody).
    expect((await fromSignups(opened, 'lagos-tech')).map((day) => day.signups)).toEqual([1]);
    expect(await counted(opened, 'lagos-tech')).toEqual(before);

    // The inbox that asked is on the suppression list: its new signup is neither stored nor counted.
    await store.record([signup('asked@example.ng', recent, 'blog.example/post-1', 'lagos-tech')], RESEND_MS);
    expect(await counted(opened, 'lagos-tech')).toEqual(before);
    // Retention forgot the other one: coming back through the partner is a new signup.
    await store.record([signup('old@example.ng', recent, 'blog.example/post-1', 'lagos-tech')], RESEND_MS);
    expect((await counted(opened, 'lagos-tech')).map((day) => day.signups)).toEqual([1, 3]);
  });
});
