/**
 * The record of each cookie answer on SQLite and PostgreSQL: POST /consent as the site's beacon sends
 * it, what bad input gets, the rate limit, `npm run admin -- consent:report` and the retention delete.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_NODE_ARGS } from '../../scripts/source-node.mjs';
import { serverForTests } from '../http/test-server.js';
import { CONSENT_LIMIT } from '../services.js';
import { freshDatabase, type ScratchDatabase, TEST_BACKENDS } from '../testing/databases.js';
import { type ConsentAnswer, eraseExpiredConsent, recordConsent } from './consent.js';

const answer = (categories: Partial<ConsentAnswer> = {}) => ({
  id: '3735928559-1-22-333',
  v: '1k2j3h',
  analytics: true,
  marketing: false,
  chat: true,
  lang: 'ha',
  at: Date.now(),
  ...categories,
});

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  describe('POST /consent', () => {
    const server = serverForTests({}, backend);
    const send = (body: string, type = 'text/plain;charset=UTF-8') =>
      fetch(`${server.base}/consent`, { method: 'POST', headers: { 'content-type': type }, body });
    const records = () => server.database.opened.db.selectFrom('consent_records').selectAll().execute();

    it('given an answer as the site sends it should record it with no IP address', async () => {
      const response = await send(JSON.stringify(answer()));
      expect(response.status).toBe(204);
      const rows = await records();
      expect(rows).toEqual([
        expect.objectContaining({
          choice_id: '3735928559-1-22-333',
          version: '1k2j3h',
          answer: 'custom',
          analytics: 1,
          marketing: 0,
          chat: 1,
          locale: 'ha',
        }),
      ]);
      expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
    });

    it.each([
      ['not JSON', '{"id":', 'The body is not JSON.'],
      ['an array', '[]', 'Send a JSON object.'],
      ['an e-mail for an id', JSON.stringify(answer({ id: 'ada@example.ng' })), "id must be the answer's random id."],
      ['a category not a boolean', JSON.stringify({ ...answer(), chat: 'yes' }), 'chat must be true or false.'],
      ['an unknown language', JSON.stringify(answer({ lang: 'fr' })), "lang must be one of the site's languages."],
      ['a time a week away', JSON.stringify(answer({ at: Date.now() - 7 * 86_400_000 })), 'at must be the time'],
    ])('given %s should answer 400 saying what is wrong and record nothing', async (_, body, message) => {
      const before = (await records()).length;
      const response = await send(body, 'application/json');
      expect(response.status).toBe(400);
      expect((await response.json()).error).toContain(message);
      expect(await records()).toHaveLength(before);
    });

    it('given a body over the size cap should answer 413', async () => {
      const response = await send(JSON.stringify({ ...answer(), padding: 'x'.repeat(1000) }));
      expect(response.status).toBe(413);
    });

    it('given more answers than the limit from one address should answer 429 with Retry-After', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= CONSENT_LIMIT.max; i += 1) statuses.push((await send(JSON.stringify(answer()))).status);
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(CONSENT_LIMIT.max);
    });
  });

  describe('consent:report and retention', () => {
    let database: ScratchDatabase;
    const admin = (...args: string[]) => {
      const result = spawnSync(process.execPath, [...SOURCE_NODE_ARGS, 'server/admin.ts', 'consent:report', ...args], {
        env: { ...process.env, ...database.env, DEMO_DATA: 'off', NODE_ENV: 'test' },
        encoding: 'utf8',
      });
      return { code: result.status, stdout: result.stdout };
    };

    beforeAll(async () => {
      database = await freshDatabase(backend);
    });
    afterAll(async () => {
      await database.drop();
    });

    it('given no answer yet should say so', () => {
      expect(admin()).toEqual({ code: 0, stdout: 'No answer to the cookie question was recorded.\n' });
    });

    it('given answers over two Lagos days should print each day, all, none, custom and a total line', async () => {
      const all = { analytics: true, marketing: true, chat: true };
      const none = { analytics: false, marketing: false, chat: false };
      for (const [categories, at] of [
        [all, '2026-12-01T09:00:00.000Z'],
        [none, '2026-12-01T10:00:00.000Z'],
        [all, '2026-12-01T22:59:00.000Z'], // 23:59 in Lagos: still 1 December
        [none, '2026-12-01T23:30:00.000Z'], // 00:30 on 2 December in Lagos
        [{ analytics: true, marketing: false, chat: false }, '2026-12-02T12:00:00.000Z'],
      ] as const) {
        await recordConsent(database.opened, answer(categories), at);
      }
      const { code, stdout } = admin();
      expect(code).toBe(0);
      expect(stdout.split('\n')).toEqual([
        'day         accepted all  rejected all  custom  answers',
        '2026-12-01             2             1       0        3',
        '2026-12-02             0             1       1        2',
        'total                  2             2       1        5',
        '',
      ]);
      expect(admin('--since', '2026-12-02').stdout).toContain(
        '2026-12-02             0             1       1        2',
      );
      expect(admin('--since', '2026-12-02').stdout).not.toContain('2026-12-01');
    });

    it('given answers older than the validity plus a year should delete only those', async () => {
      // 730 days before 30 November 2028 09:30Z (29 February between) is 1 December 2026 09:30Z.
      const erased = await eraseExpiredConsent(database.opened, '2028-11-30T09:30:00.000Z');
      expect(erased).toBe(1);
      expect(admin().stdout).toContain('total                  1             2       1        4');
    });
  });
});
