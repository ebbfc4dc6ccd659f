/**
 * No personal data in partners' counts (docs/partners.md), on SQLite and PostgreSQL: a page segment or a
 * campaign that holds an e-mail address or a long number is counted masked, as the request log masks it,
 * by the trigger and, for rows counted before, by the migration (merged where two keys become one).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import * as postgresMasked from '../db/migrations/postgres/0014_partner_counts_masked.js';
import * as sqliteMasked from '../db/migrations/sqlite/0016_partner_counts_masked.js';
import { createSignupStore, type SignupRecord } from '../signups/store.js';
import { createPartnerStore } from './store.js';

const { fresh } = cleanupAfterEach();
const AT = '2026-12-07T10:00:00.000Z';
const signup = (email: string, source: string, campaign: string): SignupRecord => ({
  email,
  at: AT,
  source,
  partner: 'blog',
  campaign,
  locale: 'en',
  ipHash: null,
});

describe.each(TEST_BACKENDS)('partner counts without personal data on %s', (backend) => {
  it('given a signup from a page with an address in its path and a phone number as campaign, should count it under masked values', async () => {
    const { opened } = await fresh(backend);
    await createSignupStore(opened).record(
      [
        signup('reader@example.ng', 'blog.example/confirm/jane@x.ng?ref=1', '08031234567'),
        signup('other@example.ng', 'blog.example/confirm/ada%40x.ng', 'issue-12'),
      ],
      86_400_000,
    );
    const rows = await opened.db
      .selectFrom('partner_daily_signups')
      .select(['page', 'campaign', 'signups'])
      .orderBy('campaign')
      .execute();
    expect(rows.map((row) => ({ ...row, signups: Number(row.signups) }))).toEqual([
      { page: 'blog.example/confirm/[redacted]', campaign: '[redacted]', signups: 1 },
      { page: 'blog.example/confirm/[redacted]', campaign: 'issue-12', signups: 1 },
    ]);
    const store = createPartnerStore(opened);
    const shown = [await store.top('blog', 'page'), await store.top('blog', 'campaign')];
    expect(JSON.stringify(shown)).not.toMatch(/jane|ada|0803/);
  });

  it('given rows counted before the masking, should mask them in the migration and merge those that become one', async () => {
    const { opened } = await fresh(backend);
    const day = '2026-12-07';
    await opened.db
      .insertInto('partner_daily_signups')
      .values([
        { partner: 'blog', day, page: 'blog.example/confirm/jane@x.ng', campaign: '', signups: 2 },
        { partner: 'blog', day, page: 'blog.example/confirm/ada@x.ng', campaign: '', signups: 3 },
        { partner: 'blog', day, page: 'blog.example/confirm/[redacted]', campaign: '', signups: 1 },
        { partner: 'blog', day, page: 'blog.example/post-1', campaign: '08031234567', signups: 4 },
        { partner: 'blog', day, page: 'blog.example/post-1', campaign: 'issue-12', signups: 5 },
      ])
      .execute();
    if (backend === 'postgres') {
      await sql`DROP FUNCTION masked_personal(text)`.execute(opened.db);
      await opened.db.transaction().execute((trx) => postgresMasked.up(trx as never));
    } else {
      await sqliteMasked.up(opened.db as never);
    }
    const rows = await opened.db
      .selectFrom('partner_daily_signups')
      .select(['page', 'campaign', 'signups'])
      .orderBy('page')
      .orderBy('campaign')
      .execute();
    expect(rows.map((row) => ({ ...row, signups: Number(row.signups) }))).toEqual([
      { page: 'blog.example/confirm/[redacted]', campaign: '', signups: 6 },
      { page: 'blog.example/post-1', campaign: '[redacted]', signups: 4 },
      { page: 'blog.example/post-1', campaign: 'issue-12', signups: 5 },
    ]);
  });
});
