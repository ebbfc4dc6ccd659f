/**
 * Partners' own pages over HTTP, on SQLite and PostgreSQL (docs/partners.md): a link opens the code's
 * counts (weeks in Lagos time, pages, campaigns) as a page, CSV and JSON with no address in any; a
 * changed, expired or revoked link shows no number and no code; bad links from one IP are limited.
 */
import { describe, expect, it } from 'vitest';
import type { PartnerReport } from '../../common/partner-report.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { pageText } from '../../testing/server/page-text.js';
import { serverForTests } from '../../testing/server/test-server.js';
import { requestLogLine } from '../http/hardened-server.js';
import { insertSignupsWithoutWelcome } from '../signups/store.js';
import { isoWeekOf } from './weeks.js';

const DAY = 86_400_000;
const ADDRESS = /@example\.ng/;

describe.each(TEST_BACKENDS)('partner pages on %s', (backend) => {
  // A low per-IP limit, so the bad-link limit shows in a few requests; every request comes from one IP.
  const server = serverForTests({ DEMO_DATA: 'off', TRUST_PROXY: '1', SIGNUP_IP_LIMIT: '8' }, backend);
  const get = (path: string, ip = '203.0.113.9') =>
    fetch(`${server.base}${path}`, { headers: { 'x-forwarded-for': ip } });
  const partners = () => server.running.services.partners;
  let link = '';

  async function signUp(email: string, campaign: string | null) {
    const response = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify({
        query: 'mutation($d: StartSellingInput!) { startSelling(data: $d) { success } }',
        variables: { d: { email, partner: 'lagos-tech', source: 'blog.example/post-1?utm=x', campaign } },
      }),
    });
    return response.json();
  }

  it('given signups under a code should open them with the link partners:link prints, by week, page and campaign', async () => {
    expect(await signUp('ada@example.ng', 'issue-12')).toEqual({ data: { startSelling: { success: true } } });
    expect(await signUp('bola@example.ng', 'issue-12')).toEqual({ data: { startSelling: { success: true } } });
    const now = Date.now();
    await insertSignupsWithoutWelcome(server.database.opened.db, [
      {
        email: 'c@example.ng',
        at: new Date(now - 7 * DAY).toISOString(),
        source: 'blog.example/post-2',
        partner: 'lagos-tech',
      },
      { email: 'd@example.ng', at: new Date(now - 400 * DAY).toISOString(), source: null, partner: 'lagos-tech' },
      { email: 'e@example.ng', at: new Date(now).toISOString(), source: 'other.example/', partner: 'someone-else' },
    ]);
    const issued = await partners().issueLink('lagos-tech');
    link = new URL(issued.url).search;
    const response = await get(`/partners${link}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const page = await response.text();
    expect(page).toContain('<meta name="robots" content="noindex">');
    const words = pageText(page);
    expect(words).toContain('Signups from partner code lagos-tech');
    expect(words).toContain('This week 2 Last week 1 All time 4');
    expect(words).toContain('By page Page Signups blog.example/post-1 2 blog.example/post-2 1');
    expect(words).toContain('By campaign Campaign Signups issue-12 2 (no campaign) 2');
    expect(page).toMatch(/<svg [^>]*role="img"/);
    expect(page).toContain(`<th scope="row">${isoWeekOf(now).week}</th>`);
    expect(page).not.toMatch(ADDRESS);
    expect(page).not.toContain('someone-else');
  });

  it('given a campaign with a control character should refuse the signup with a clear error', async () => {
    const answer = await signUp('bad@example.ng', 'issue\u0007');
    expect(answer.errors[0]).toMatchObject({
      message: 'The campaign must not contain control characters.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('given format=json and format=csv should answer the same counts, without an address', async () => {
    const json = await get(`/partners${link}&format=json`);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const report = (await json.json()) as PartnerReport;
    expect(report).toMatchObject({
      partner: 'lagos-tech',
      allTime: 4,
      thisWeek: { signups: 2 },
      lastWeek: { signups: 1 },
    });
    expect(report.weeks).toHaveLength(26);
    expect(report.campaigns).toEqual([
      { campaign: 'issue-12', signups: 2 },
      { campaign: null, signups: 2 },
    ]);
    const csv = await get(`/partners${link}&format=csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const body = await csv.text();
    expect(body.split('\r\n')[0]).toBe('partner,week,week_starts,page,campaign,signups');
    expect(body).toContain(
      `lagos-tech,${isoWeekOf(Date.now()).week},${isoWeekOf(Date.now()).monday},blog.example/post-1,issue-12,2`,
    );
    // By default the last 26 weeks: the signup of 400 days ago is in the totals, not in these rows.
    expect(body.trim().split('\r\n')).toHaveLength(3);
    expect(report.rows).toHaveLength(2);
    for (const answer of [JSON.stringify(report), body]) expect(answer).not.toMatch(ADDRESS);
  });

  it('given a changed or expired link should answer 403 or 410 with no number and no code', async () => {
    const changed = link.replace(/.(.)$/, (_, last) => (last === 'A' ? 'BB' : 'AA').slice(0, 2));
    const expired = new URL((await partners().issueLink('lagos-tech', 1, new Date(Date.now() - 2 * DAY))).url).search;
    for (const [search, status, why] of [
      [changed, 403, 'This link was changed'],
      [expired, 410, 'This link has expired'],
      ['?t=', 403, 'This link was changed'],
    ] as const) {
      const response = await get(`/partners${search}`, '198.51.100.50');
      expect(response.status).toBe(status);
      const words = pageText(await response.text());
      expect(words).toContain(why);
      expect(words).toContain('Ask for a new link below: we e-mail it to the address you joined with.');
      expect(words).toContain('Send me a new link');
      expect(words).not.toContain('lagos-tech');
      expect(words).not.toMatch(/All time|\b4\b/);
      expect((await get(`/partners${search}&format=json`, '198.51.100.50')).status).toBe(status);
    }
  });

  it('given partners:revoke should refuse every link issued before it, and accept one issued after', async () => {
    await partners().revoke('lagos-tech');
    const revoked = await get(`/partners${link}`);
    expect(revoked.status).toBe(410);
    expect(pageText(await revoked.text())).toContain('This link was replaced by a newer one.');
    const fresh = new URL((await partners().issueLink('lagos-tech')).url).search;
    expect((await get(`/yo/partners${fresh}`)).status).toBe(200);
    link = fresh;
  });

  it('given repeated bad links from one IP should refuse them with 429, while the good link still opens', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await get('/partners?t=nothing', '192.0.2.77')).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses).toContain(403);
    expect((await get(`/partners${link}`, '192.0.2.77')).status).toBe(200);
    expect((await get('/partners?t=nothing', '192.0.2.78')).status).toBe(403);
  });

  it('given a code with no signups should still issue a link, whose page shows zeros', async () => {
    const issued = await partners().issueLink('new-partner');
    const page = pageText(await (await get(`/partners${new URL(issued.url).search}`, '192.0.2.1')).text());
    expect(page).toContain('This week 0 Last week 0 All time 0');
    expect(page).toContain('No signups yet.');
  });
});

describe('the request log', () => {
  it('given a partner link should log the path without the token', () => {
    const line = requestLogLine({
      method: 'GET',
      url: '/ha/partners?t=bGFnb3M.0.1893456000.abcdefghijklmnopqrstuv',
      status: 200,
      ms: 3,
    });
    expect(JSON.parse(line).path).toBe('/ha/partners');
    expect(line).not.toContain('abcdefghijklmnopqrstuv');
  });
});
