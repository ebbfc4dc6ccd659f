/**
 * The programme's forms over HTTP, without JavaScript, on SQLite and PostgreSQL: a new-link request and
 * a join answer the same page for a partner's address and for an unknown one, a bad code comes back
 * with its error tied to the field, and the confirmation link's page is private and only asks: its
 * button's POST confirms (a mail scanner that opens the link confirms nothing).
 */
import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { serverForTests } from '../../testing/server/test-server.js';
import { partnerLinkSecret } from '../db/installation.js';
import { confirmLinks } from '../partners/confirm-links.js';
import { CONFIRM_HOURS } from '../partners/programme.js';
import { createProgrammeStore } from '../partners/programme-store.js';
import { createPartnerStore } from '../partners/store.js';

describe.each(TEST_BACKENDS)('the partner programme forms on %s', (backend) => {
  const server = serverForTests({ DEMO_DATA: 'off', TRUST_PROXY: '1' }, backend);

  const post = (path: string, fields: Record<string, string>, ip = '10.1.0.1') =>
    fetch(`${server.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
      body: new URLSearchParams(fields).toString(),
    });
  const answer = async (response: Response) => ({ status: response.status, html: await response.text() });

  it('given a partner address and an unknown one should answer both forms with the same page', async () => {
    const store = createProgrammeStore(server.database.opened);
    await store.assign('ada-shops', 'ada@example.ng', 'en');
    const known = await answer(await post('/partners/new-link', { email: 'ada@example.ng', locale: 'ha' }));
    const unknown = await answer(await post('/partners/new-link', { email: 'nobody@example.ng', locale: 'ha' }));
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
    expect(known.html).toContain('<html lang="ha"');
    expect(known.html).toContain('Duba akwatin imel ɗinka');

    const join = (email: string) => post('/partners/join', { email, site: '@someone', code: '', locale: 'en' });
    const joinedKnown = await answer(await join('ada@example.ng'));
    const joinedUnknown = await answer(await join('bola@example.ng'));
    expect(joinedKnown).toEqual(joinedUnknown);
    expect(joinedKnown.html).toContain('Check your inbox');
  });

  it('given a code that breaks the rule should show the form again with the error on the code field', async () => {
    const response = await post('/partners/join', { email: 'chidi@example.ng', site: 'chidi.ng', code: 'No Spaces!' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/<input id="join-code"[^>]*value="No Spaces!"[^>]*aria-invalid="true"/);
    expect(html).toContain('A code has 3 to 32 lowercase letters');
  });

  it('given a changed confirmation link should confirm nothing, privately', async () => {
    const response = await fetch(`${server.base}/yo/partners/confirm?t=YWRh.1.abcdefghijklmnopqrstuv`);
    expect(response.status).toBe(410);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await response.text()).toContain('Ìjápọ̀ yìí kò jẹ́rìí sí nǹkankan');
  });

  it('given the confirmation link opened twice should confirm nothing; its button should confirm and mail the link once', async () => {
    const { opened } = server.database;
    const joined = await post('/partners/join', { email: 'tunde@example.ng', site: '@tunde', code: 'tunde-ng' });
    expect(joined.status).toBe(200);
    const secret = await partnerLinkSecret(opened, server.dataDir);
    const expires = new Date(Date.now() + CONFIRM_HOURS * 3_600_000);
    const token = confirmLinks(secret).token({
      code: 'tunde-ng',
      inbox: 'tunde@example.ng',
      keyVersion: 0,
      expiresAt: expires,
    });
    const linkMails = async () =>
      (
        await opened.db
          .selectFrom('outbox')
          .select('kind')
          .where('kind', '=', 'partner-link')
          .where('recipient', '=', 'tunde@example.ng')
          .execute()
      ).length;

    for (let i = 0; i < 2; i++) {
      const opening = await fetch(`${server.base}/yo/partners/confirm?t=${token}`);
      expect(opening.status).toBe(200);
      expect(opening.headers.get('cache-control')).toBe('private, no-store');
      const page = await opening.text();
      expect(page).toMatch(/<form method="post" action="\/yo\/partners\/confirm">/);
      expect(page).toContain(`<input type="hidden" name="t" value="${token}">`);
      expect(page).toContain('Jẹ́rìí sí i</button>');
    }
    expect((await createProgrammeStore(opened).find('tunde-ng'))?.confirmed_at).toBeNull();
    expect(await linkMails()).toBe(0);

    const pressed = await post('/yo/partners/confirm', { t: token });
    expect(pressed.status).toBe(200);
    expect(pressed.headers.get('cache-control')).toBe('private, no-store');
    const page = await pressed.text();
    expect(page).toContain('<code>tunde-ng</code>');
    expect(page).toMatch(/<a href="http[^"]*\/partners\?t=[^"]+">/);
    expect((await createProgrammeStore(opened).find('tunde-ng'))?.confirmed_at).not.toBeNull();
    expect(await linkMails()).toBe(1);
    const link = /<a href="(http[^"]*\/partners\?t=[^"]+)">/.exec(page)![1]!;

    // Pressed again (a forwarded mail, a scanner that presses buttons): the code is confirmed, no link.
    const again = await post('/partners/confirm', { t: token });
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    const againPage = await again.text();
    expect(againPage).toContain('This code is already confirmed');
    expect(againPage).not.toContain('/partners?t=');
    expect(againPage).toMatch(/<form[^>]*action="\/partners\/new-link"/);
    expect(await linkMails()).toBe(1);

    // partners:revoke: the private link and the confirmation mail both open nothing after it.
    const privateLink = new URL(link.replaceAll('&amp;', '&'));
    const openPrivateLink = () => fetch(`${server.base}${privateLink.pathname}${privateLink.search}`);
    expect((await openPrivateLink()).status).toBe(200);
    await createPartnerStore(opened).revoke('tunde-ng');
    expect((await openPrivateLink()).status).toBe(410);
    const afterRevoke = await post('/partners/confirm', { t: token });
    expect(afterRevoke.status).toBe(410);
    expect(await afterRevoke.text()).not.toContain('/partners?t=');
    expect((await fetch(`${server.base}/partners/confirm?t=${token}`)).status).toBe(410);
  });
});

describe.each(TEST_BACKENDS)('bad confirmation links on %s', (backend) => {
  const server = serverForTests({ DEMO_DATA: 'off', TRUST_PROXY: '1', SIGNUP_IP_LIMIT: '3' }, backend);
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const bad = (i: number) => `YWRh.0.${2_000_000_000 + i}.abcdefghijklmnopqrstuv`;

  it('given more bad confirmation links from one address than the per-IP limit should answer 429 with the bad-link page, and count with bad partner links', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await fetch(`${server.base}/partners/confirm?t=${bad(i)}`, from('10.9.0.1'))).status);
    }
    expect(statuses).toEqual([410, 410, 410]);
    const refused = await fetch(`${server.base}/partners/confirm?t=${bad(3)}`, from('10.9.0.1'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    expect(await refused.text()).toContain('Too many links that do not work came from your network');
    const posted = await fetch(`${server.base}/partners/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.9.0.1' },
      body: new URLSearchParams({ t: bad(4) }).toString(),
    });
    expect(posted.status).toBe(429);
    // Another address is not held up.
    expect((await fetch(`${server.base}/partners/confirm?t=${bad(5)}`, from('10.9.0.2'))).status).toBe(410);

    // Bad partner links and bad confirmation links are one count per address.
    for (let i = 0; i < 2; i++) await fetch(`${server.base}/partners?t=${bad(10 + i)}`, from('10.9.0.3'));
    expect((await fetch(`${server.base}/partners/confirm?t=${bad(12)}`, from('10.9.0.3'))).status).toBe(410);
    expect((await fetch(`${server.base}/partners/confirm?t=${bad(13)}`, from('10.9.0.3'))).status).toBe(429);
  });
});

describe.each(TEST_BACKENDS)('the programme forms posted from another site on %s', (backend) => {
  const server = serverForTests({ DEMO_DATA: 'off', TRUST_PROXY: '1' }, backend);
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string>) =>
    fetch(`${server.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.3.0.1', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const join = (code: string) => ({ email: `${code}@example.ng`, site: '@x', code, locale: 'en' });

  it('given a cross-site Origin or Sec-Fetch-Site should refuse join, new-link and confirm with a page that explains, and act on nothing', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      // A seller's store is on a subdomain: same site, another origin.
      { 'sec-fetch-site': 'same-site', origin: 'https://mama.kasuwa.shop' },
    ];
    for (const [i, headers] of foreign.entries()) {
      const joined = await post('/partners/join', join(`foreign-${i}`), headers);
      expect(joined.status).toBe(403);
      expect(await joined.text()).toContain('This form only works from our own pages');
      expect((await post('/partners/new-link', { email: 'a@example.ng', locale: 'en' }, headers)).status).toBe(403);
      expect((await post('/partners/confirm', { t: 'YWRh.0.1.abcdefghijklmnopqrstuv' }, headers)).status).toBe(403);
    }
    const reserved = await server.database.opened.db.selectFrom('partners').select('code').execute();
    expect(reserved).toEqual([]);
  });

  it('given our own pages (Fetch Metadata, our Origin) or an older browser sending neither should take the form', async () => {
    const own: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: server.base },
      { origin: server.base },
      {},
    ];
    for (const [i, headers] of own.entries()) {
      expect((await post('/partners/join', join(`own-${i}`), headers)).status).toBe(200);
    }
  });
});
