/**
 * Signups over HTTP: the no-JavaScript form at POST /start-selling and the per-IP limit behind a
 * trusted proxy, against the server in-process on a real SQLite file and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { postStartSelling } from '../../testing/server/start-selling.js';
import { serverForTests } from '../../testing/server/test-server.js';

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  const server = serverForTests(
    { DEMO_DATA: 'off', TRUST_PROXY: '1', SIGNUP_IP_LIMIT: '3', SIGNUP_EMAIL_LIMIT: '2' },
    backend,
  );

  function post(fields: Record<string, string>, ip: string, headers: Record<string, string> = {}) {
    return fetch(`${server.base}/start-selling`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  function graphql(email: string, ip: string) {
    return postStartSelling(server.base, { email }, { 'x-forwarded-for': ip }).then((response) => response.json());
  }

  function signupRow(email: string) {
    return server.database.opened.db
      .selectFrom('signups')
      .select(['email', 'source', 'partner'])
      .where('email', '=', email)
      .executeTakeFirst();
  }

  describe('POST /start-selling (no JavaScript)', () => {
    it('given a valid address should store it with its page and ref and answer the confirmation page', async () => {
      const response = await post({ email: 'kemi@example.ng', ref: 'radio-ad', website: '' }, '10.0.0.1', {
        referer: 'https://kasuwa.shop/pricing?x=1',
      });
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain('<h1>Kindly check your email</h1>');
      expect(page).toContain('<header');
      expect(await signupRow('kemi@example.ng')).toEqual({
        email: 'kemi@example.ng',
        source: 'kasuwa.shop/pricing',
        partner: 'radio-ad',
      });
    });

    it('given the hidden locale field should store the language with the signup', async () => {
      const response = await post({ email: 'yemi@example.ng', locale: 'yo', website: '' }, '10.0.1.1');
      expect(response.status).toBe(200);
      const row = await server.database.opened.db
        .selectFrom('signups')
        .select('locale')
        .where('email', '=', 'yemi@example.ng')
        .executeTakeFirst();
      expect(row).toEqual({ locale: 'yo' });
    });

    it('given an unknown locale should answer 400 naming the five, and a retry keep only a known one', async () => {
      const response = await post({ email: 'zara@example.ng', locale: 'fr', website: '' }, '10.0.1.2');
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain('use one of en, pcm, ha, yo, ig');
      // Answered in English, the retry form carries English, never the refused value.
      expect(page).toContain('<input type="hidden" name="locale" value="en">');
      expect(page).not.toContain('value="fr"');
      const retry = await post({ email: 'not-an-address', locale: 'ha', website: '' }, '10.0.1.3');
      expect(retry.status).toBe(400);
      expect(await retry.text()).toContain('<input type="hidden" name="locale" value="ha">');
      expect(await signupRow('zara@example.ng')).toBeUndefined();
    });

    it('given the partner field should store its code with the signup', async () => {
      const response = await post({ email: 'bisi@example.ng', partner: 'cms-partner', website: '' }, '10.0.0.5');
      expect(response.status).toBe(200);
      expect(await signupRow('bisi@example.ng')).toMatchObject({ partner: 'cms-partner' });
    });

    it('given an invalid address should answer 400 with the form, the typed value and the error', async () => {
      const response = await post({ email: 'kemi@example' }, '10.0.0.2');
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toMatch(/<p id="signup-error" class="form-error" role="alert">\s*Invalid email address\s*<\/p>/);
      expect(page).toContain('value="kemi@example"');
    });

    it('given a filled honeypot should answer the confirmation page and store nothing', async () => {
      const response = await post({ email: 'spam@example.ng', website: 'https://spam.example' }, '10.0.0.3');
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Kindly check your email');
      expect(await signupRow('spam@example.ng')).toBeUndefined();
    });

    it('given a body over the size limit should answer 413', async () => {
      const response = await post({ email: 'big@example.ng', ref: 'x'.repeat(10_000) }, '10.0.0.4');
      expect(response.status).toBe(413);
    });

    it('given more requests for one address than the per-address limit should answer 429 with Retry-After', async () => {
      expect((await post({ email: 'same@example.ng' }, '10.0.1.1')).status).toBe(200);
      expect((await post({ email: 'same@example.ng' }, '10.0.1.2')).status).toBe(200);
      const refused = await post({ email: 'same@example.ng' }, '10.0.1.3');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const page = await refused.text();
      // The wait in words (the window is an hour), announced and tied to the field.
      expect(page).toContain('aria-describedby="signup-error"');
      expect(page).toMatch(
        /<p id="signup-error" class="form-error" role="alert">\s*Too many tries\. Try again in an hour\.\s*<\/p>/,
      );
      expect((await post({ email: 'other@example.ng' }, '10.0.1.3')).status).toBe(200);
    });
  });

  describe('startSelling over GraphQL behind a trusted proxy', () => {
    it('given more signups from one client IP than the limit should answer RATE_LIMITED with retryAfterSeconds, and another IP not', async () => {
      for (const n of [1, 2, 3]) {
        expect(await graphql(`office${n}@example.ng`, '198.51.100.7')).toEqual({
          data: { startSelling: { success: true } },
        });
      }
      const refused = await graphql('office4@example.ng', '198.51.100.7');
      expect(refused.errors[0]).toMatchObject({
        message: 'Too many tries. Try again in an hour.',
        extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
      });
      // The proxy appends the address it saw; what the client wrote to the left is not trusted.
      expect(await graphql('office4@example.ng', '198.51.100.7, 203.0.113.9')).toEqual({
        data: { startSelling: { success: true } },
      });
    });

    it('given signups from several addresses of one IPv6 /64 should count them as one client', async () => {
      for (const n of [1, 2, 3]) {
        expect(await graphql(`home${n}@example.ng`, `2001:db8:1:2::${n}`)).toEqual({
          data: { startSelling: { success: true } },
        });
      }
      const refused = await graphql('home4@example.ng', '2001:db8:1:2:ffff::4');
      expect(refused.errors[0].extensions.code).toBe('RATE_LIMITED');
      expect(await graphql('home5@example.ng', '2001:db8:1:3::1')).toEqual({
        data: { startSelling: { success: true } },
      });
    });
  });
});
