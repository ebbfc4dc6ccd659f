/**
 * The programme's forms over HTTP, without JavaScript, on SQLite and PostgreSQL: a new-link request and
 * a join answer the same page for a partner's address and for an unknown one, a bad code comes back
 * with its error tied to the field, and the confirmation link's page is private.
 */
import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { serverForTests } from '../../testing/server/test-server.js';
import { createProgrammeStore } from '../partners/programme-store.js';

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
});
