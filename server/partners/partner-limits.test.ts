/**
 * A partner's link at its limits, over HTTP on SQLite and PostgreSQL (docs/partners.md): CSV and JSON
 * for a range of Lagos days (a bad or too-long one is 400), the per-link limit (429 with when to try
 * again, in the page's language, counted across servers), the per-code numbers kept a minute, and
 * downloads their readers abandon, which must not hold the database.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { PartnerReport } from '../../common/partner-report.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { pageText } from '../../testing/server/page-text.js';
import { serverForTests, startTestServerOn } from '../../testing/server/test-server.js';
import { insertSignupsWithoutWelcome } from '../signups/store.js';
import { lagosDayOf } from './weeks.js';

const DAY = 86_400_000;
const LIMIT = { PARTNER_LINK_LIMIT: '4', PARTNER_LINK_WINDOW: '600' };

describe.each(TEST_BACKENDS)('partner links at their limits on %s', (backend) => {
  const server = serverForTests({ DEMO_DATA: 'off', ...LIMIT }, backend);
  const partners = () => server.running.services.partners;
  const get = (path: string) => fetch(`${server.base}${path}`);
  /** A link of `days` days: another number of days, another link (its own limit). */
  const link = async (code: string, days = 180) => new URL((await partners().issueLink(code, days)).url).search;
  const signUp = (email: string, daysAgo: number, partner = 'range-blog') =>
    insertSignupsWithoutWelcome(server.database.opened.db, [
      { email, at: new Date(Date.now() - daysAgo * DAY).toISOString(), source: 'blog.example/post', partner },
    ]);

  it('given from and to should answer the rows of those Lagos days only, and refuse a bad or too long range with 400', async () => {
    await signUp('old@example.ng', 400);
    await signUp('new@example.ng', 0);
    const search = await link('range-blog');
    const from = lagosDayOf(Date.now() - 500 * DAY).day;
    const to = lagosDayOf(Date.now() - 300 * DAY).day;
    const json = (await (await get(`/partners${search}&format=json&from=${from}&to=${to}`)).json()) as PartnerReport;
    expect([json.from, json.to, json.allTime]).toEqual([from, to, 2]);
    expect(json.rows.map((row) => row.signups)).toEqual([1]);
    const csv = await get(`/partners${search}&format=csv&from=${from}`);
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(3);
    for (const [query, message] of [
      ['from=2026-02-30', 'from=2026-02-30 is not a day'],
      ['from=2020-01-01&to=2026-01-01', 'at most 1827 (five years)'],
      ['from=2026-03-02&to=2026-03-01', 'comes after'],
    ]) {
      const refused = await get(`/partners${await link('range-blog', 30)}&format=csv&${query}`);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }
  });

  it('given one link opened past its limit should answer 429 saying when to try again, in the page language, while another link opens', async () => {
    await signUp('busy@example.ng', 0, 'busy-blog');
    const search = await link('busy-blog');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(`/partners${search}&format=csv`)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused = await get(`/ha/partners${search}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await refused.text();
    expect(page).toMatch(/\d\d:\d\d/);
    expect(page).not.toContain('busy-blog');
    expect(page).not.toContain('Try again in');
    expect(await (await get(`/partners${search}`)).text()).toContain('Try again in 10 minutes');
    expect((await get(`/partners${await link('busy-blog', 30)}`)).status).toBe(200);
  });

  it('given 25 pages and campaigns should show the top 20 of each by name and the other 5 as one line', async () => {
    await insertSignupsWithoutWelcome(
      server.database.opened.db,
      Array.from({ length: 25 }, (_, i) => ({
        email: `wide-${i}@example.ng`,
        at: new Date().toISOString(),
        source: `wide.example/post-${String(i).padStart(2, '0')}`,
        partner: 'wide-blog',
        campaign: `issue-${String(i).padStart(2, '0')}`,
      })),
    );
    const page = pageText(await (await get(`/partners${await link('wide-blog')}`)).text());
    expect(page).toMatch(/wide\.example\/post-19\s+1/);
    expect(page).not.toContain('post-20');
    expect(page).toMatch(/5 other pages\s+5/);
    expect(page).toMatch(/5 other campaigns\s+5/);
  });

  it('given the numbers of a code kept a minute should show a new signup after it, and a revoke at once', async () => {
    await signUp('first@example.ng', 0, 'kept-blog');
    const now = new Date();
    expect((await partners().summary('kept-blog', now)).allTime).toBe(1);
    await signUp('second@example.ng', 0, 'kept-blog');
    expect((await partners().summary('kept-blog', new Date(now.getTime() + 30_000))).allTime).toBe(1);
    expect((await partners().summary('kept-blog', new Date(now.getTime() + 61_000))).allTime).toBe(2);
    const search = await link('kept-blog');
    expect((await get(`/partners${search}`)).status).toBe(200);
    await partners().revoke('kept-blog');
    expect((await get(`/partners${search}`)).status).toBe(410);
  });

  it('given more abandoned five-year CSV downloads than the pool has connections should still open the page at once', async () => {
    // 60 weeks × 50 pages × 20 campaigns: a CSV of some 4 MB, more than the sockets buffer.
    const monday = Date.UTC(2025, 0, 6);
    const rows = Array.from({ length: 60 * 50 * 20 }, (_, i) => ({
      partner: 'big-download',
      day: new Date(monday + Math.floor(i / 1000) * 7 * DAY).toISOString().slice(0, 10),
      page: `blog.example/post-${Math.floor(i / 20) % 50}`,
      campaign: `issue-${i % 20}`,
      signups: 1,
    }));
    for (let at = 0; at < rows.length; at += 1000) {
      await server.database.opened.db
        .insertInto('partner_daily_signups')
        .values(rows.slice(at, at + 1000))
        .execute();
    }
    /** Reads the first bytes of a download, then goes away. */
    const abandon = (search: string) =>
      new Promise<void>((resolve, reject) => {
        const request = http.get(`${server.base}/partners${search}&format=csv&from=2025-01-01`, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', reject);
      });
    // A link per download: each link has its own limit. The PostgreSQL pool holds 10 connections.
    for (let days = 1; days <= 12; days++) await abandon(await link('big-download', days));
    const page = await get(`/partners${await link('big-download', 200)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('big-download');
  });
});

describe('a partner link on several servers', () => {
  // Several servers share a database on PostgreSQL only (SQLite is one server's).
  const server = serverForTests({ DEMO_DATA: 'off', ...LIMIT }, 'postgres');

  it('given two servers on one database should count one link’s requests together', async () => {
    await insertSignupsWithoutWelcome(server.database.opened.db, [
      { email: 'shared@example.ng', at: new Date().toISOString(), source: 'blog.example/', partner: 'shared-blog' },
    ]);
    const search = new URL((await server.running.services.partners.issueLink('shared-blog')).url).search;
    const other = await startTestServerOn(server.database.env, { DEMO_DATA: 'off', ...LIMIT });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const base = i % 2 ? `http://127.0.0.1:${other.port}` : server.base;
        statuses.push((await fetch(`${base}/partners${search}&format=json`)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await other.close();
    }
  });
});
