/**
 * The record of each cookie answer on SQLite and PostgreSQL: POST /consent as the site's beacon sends
 * it (from our own origin, of the version the pages render, whole or the chat's question alone), what
 * other origins, other versions and bad input get, the limits per choice id and per address,
 * `npm run admin -- consent:report` (people per day) and the consent records' own daily retention.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consentVersion } from '../../common/consent-version.js';
import { ADMIN_TEST_TIMEOUT_MS, runAdmin } from '../../testing/server/admin-cli.js';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { freshDatabase, type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';
import { serverForTests, startTestServerOn } from '../../testing/server/test-server.js';
import * as postgresAskedCategories from '../db/migrations/postgres/0011_consent_asked_categories.js';
import * as sqliteConsent from '../db/migrations/sqlite/0011_consent.js';
import * as sqliteAskedCategories from '../db/migrations/sqlite/0013_consent_asked_categories.js';
import { createSignupStore } from '../signups/store.js';
import { type ConsentAnswer, eraseExpiredConsent, recordConsent } from './consent.js';
import { CONSENT_ID_LIMIT, CONSENT_IP_LIMIT } from './recorder.js';
import { eraseExpiredConsentDaily } from './retention.js';

vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS });

const IDS = { GA_MEASUREMENT_ID: 'G-CONSENT1', META_PIXEL_ID: '4242', CHAT_WIDGET_ID: 'prop1/widget2' };
/** The version the pages render for IDS. */
const VERSION = consentVersion({ gaId: IDS.GA_MEASUREMENT_ID, pixelId: IDS.META_PIXEL_ID, chatId: IDS.CHAT_WIDGET_ID });
const PUBLIC_URL = 'https://kasuwa.example';
const DAY_MS = 86_400_000;
const { fresh } = cleanupAfterEach();

const answer = (fields: Partial<ConsentAnswer> = {}) => ({
  id: '3735928559-1-22-333',
  v: VERSION,
  analytics: true,
  marketing: false,
  chat: true,
  lang: 'ha',
  at: Date.now(),
  ...fields,
});

/** What "Load the chat" sends: the chat's category alone. */
const chatAnswer = (id: string) => ({ id, v: VERSION, chat: true, lang: 'en', at: Date.now() });

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  describe('POST /consent', () => {
    const server = serverForTests({ ...IDS, PUBLIC_URL, DEMO_DATA: 'off' }, backend);
    /** As a page of ours sends it: by default with the Origin the request went to. */
    const send = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.base}/consent`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: server.base, ...headers },
        body,
      });
    const records = () => server.database.opened.db.selectFrom('consent_records').selectAll().orderBy('id').execute();
    let ids = 0;
    /** An id no other test used, so no test counts against another's limit. */
    const freshId = () => `1-2-3-${++ids}`;

    it('given an answer as the site sends it should record it with no IP address', async () => {
      const response = await send(JSON.stringify(answer()));
      expect(response.status).toBe(204);
      const rows = await records();
      expect(rows).toEqual([
        expect.objectContaining({
          choice_id: '3735928559-1-22-333',
          version: VERSION,
          answer: 'custom',
          analytics: 1,
          marketing: 0,
          chat: 1,
          locale: 'ha',
        }),
      ]);
      expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
    });

    it('given the chat question answered alone should record chat with the categories not asked as NULL', async () => {
      const id = freshId();
      expect((await send(JSON.stringify(chatAnswer(id)))).status).toBe(204);
      expect((await records()).filter((row) => row.choice_id === id)).toEqual([
        expect.objectContaining({ answer: 'chat', analytics: null, marketing: null, chat: 1, locale: 'en' }),
      ]);
    });

    it.each([
      ['Sec-Fetch-Site same-origin and no Origin', { origin: '', 'sec-fetch-site': 'same-origin' }],
      ['the Origin of PUBLIC_URL', { origin: PUBLIC_URL }],
      ['the Origin of the host it was sent to, over https behind a proxy', { origin: 'https://HOST' }],
    ])('given %s should record it', async (_, headers) => {
      const id = freshId();
      const sent = Object.fromEntries(
        Object.entries(headers)
          .filter(([, value]) => value !== '')
          .map(([name, value]) => [name, value.replace('HOST', new URL(server.base).host)]),
      );
      const response = await fetch(`${server.base}/consent`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', ...sent },
        body: JSON.stringify(answer({ id })),
      });
      expect(response.status).toBe(204);
      expect((await records()).map((row) => row.choice_id)).toContain(id);
    });

    it.each([
      ['neither Origin nor Sec-Fetch-Site', {}, 'the request has no Origin'],
      ['another site as Origin', { origin: 'https://evil.example' }, 'not https://evil.example'],
      ['our host under another port', { origin: 'http://127.0.0.1:1' }, 'not http://127.0.0.1:1'],
      ['an opaque Origin', { origin: 'null' }, 'not null'],
      ['Sec-Fetch-Site cross-site, Origin ours', { 'sec-fetch-site': 'cross-site' }, 'not cross-site'],
      ['Sec-Fetch-Site same-site, Origin ours', { 'sec-fetch-site': 'same-site' }, 'not same-site'],
    ])('given %s should answer 403 saying why and record nothing', async (_, headers, message) => {
      const before = (await records()).length;
      const response = await fetch(`${server.base}/consent`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          ...('sec-fetch-site' in headers && !('origin' in headers) ? { origin: server.base } : {}),
          ...headers,
        },
        body: JSON.stringify(answer({ id: freshId() })),
      });
      expect(response.status).toBe(403);
      expect((await response.json()).error).toContain(message);
      expect(await records()).toHaveLength(before);
    });

    it('given an answer to another version of the question should answer 409 saying to ask again', async () => {
      const before = (await records()).length;
      const response = await send(JSON.stringify(answer({ id: freshId(), v: consentVersion({ gaId: 'G-OTHER' }) })));
      expect(response.status).toBe(409);
      expect((await response.json()).error).toBe('v is not the version this site asks about; ask again.');
      expect(await records()).toHaveLength(before);
    });

    it.each([
      ['not JSON', '{"id":', 'The body is not JSON.'],
      ['an array', '[]', 'Send a JSON object.'],
      ['an e-mail for an id', JSON.stringify(answer({ id: 'ada@example.ng' })), "id must be the answer's random id."],
      ['a category not a boolean', JSON.stringify({ ...answer(), chat: 'yes' }), 'chat must be true or false.'],
      ['a category null', JSON.stringify({ ...answer(), marketing: null }), 'marketing must be true or false.'],
      [
        'no category at all',
        JSON.stringify({ id: '1-2-3-4', v: VERSION, lang: 'en', at: Date.now() }),
        'at least one of analytics, marketing and chat',
      ],
      ['an unknown language', JSON.stringify(answer({ lang: 'fr' })), "lang must be one of the site's languages."],
      ['a time a week away', JSON.stringify(answer({ at: Date.now() - 7 * DAY_MS })), 'at must be the time'],
    ])('given %s should answer 400 saying what is wrong and record nothing', async (_, body, message) => {
      const before = (await records()).length;
      const response = await send(body, { 'content-type': 'application/json' });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toContain(message);
      expect(await records()).toHaveLength(before);
    });

    it('given a body over the size cap should answer 413', async () => {
      const response = await send(JSON.stringify({ ...answer(), padding: 'x'.repeat(1000) }));
      expect(response.status).toBe(413);
    });

    it('given more answers than the limit for one id should answer 429 with Retry-After', async () => {
      const id = freshId();
      const statuses: number[] = [];
      for (let i = 0; i <= CONSENT_ID_LIMIT.max; i += 1)
        statuses.push((await send(JSON.stringify(answer({ id })))).status);
      expect(statuses).toEqual([...Array<number>(CONSENT_ID_LIMIT.max).fill(204), 429]);
      const refused = await send(JSON.stringify(answer({ id })));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error).toBe('Too many answers for this answer; try again later.');
      // Another reader behind the same address still answers.
      expect((await send(JSON.stringify(chatAnswer(freshId())))).status).toBe(204);
    });

    it('given 40 readers answering from one address (a carrier NAT) should record every answer', async () => {
      const readers = Array.from({ length: 40 }, freshId);
      const statuses = [];
      for (const id of readers) statuses.push((await send(JSON.stringify(answer({ id })))).status);
      expect(statuses).toEqual(readers.map(() => 204));
      const recorded = new Set((await records()).map((row) => row.choice_id));
      expect(readers.filter((id) => !recorded.has(id))).toEqual([]);
    });
  });

  describe('POST /consent over the ceiling per address', () => {
    const server = serverForTests({ ...IDS, DEMO_DATA: 'off' }, backend);

    it('given more answers from one address than its ceiling, each with its own id, should answer 429', async () => {
      const send = (i: number) =>
        fetch(`${server.base}/consent`, {
          method: 'POST',
          headers: { origin: server.base },
          body: JSON.stringify(answer({ id: `9-9-9-${i}` })),
        }).then((response) => response.status);
      const statuses: number[] = [];
      // Eight at a time, as a script would: the ceiling counts them all the same.
      for (let i = 0; i < CONSENT_IP_LIMIT.max; i += 8)
        statuses.push(...(await Promise.all(Array.from({ length: 8 }, (_, j) => send(i + j)))));
      expect(statuses.slice(0, CONSENT_IP_LIMIT.max).every((status) => status === 204)).toBe(true);
      const over = await fetch(`${server.base}/consent`, {
        method: 'POST',
        headers: { origin: server.base },
        body: JSON.stringify(answer({ id: '9-9-9-99999' })),
      });
      expect(over.status).toBe(429);
      expect((await over.json()).error).toBe('Too many answers from this address; try again later.');
    });
  });

  describe('POST /consent with no third party configured', () => {
    const server = serverForTests({ DEMO_DATA: 'off' }, backend);

    it('should refuse every answer with 409: the site asks nothing', async () => {
      const response = await fetch(`${server.base}/consent`, {
        method: 'POST',
        headers: { origin: server.base },
        body: JSON.stringify(answer({ v: consentVersion({}) })),
      });
      expect(response.status).toBe(409);
      expect((await response.json()).error).toBe('This site asks no cookie question.');
      expect(await server.database.opened.db.selectFrom('consent_records').selectAll().execute()).toEqual([]);
    });
  });

  describe('consent:report and retention', () => {
    let database: ScratchDatabase;
    const admin = (...args: string[]) => runAdmin(database.env, 'consent:report', ...args);

    beforeAll(async () => {
      database = await freshDatabase(backend);
    });
    afterAll(async () => {
      await database.drop();
    });

    it('given no answer yet should say so', () => {
      expect(admin()).toEqual({ code: 0, stdout: 'No answer to the cookie question was recorded.\n', stderr: '' });
    });

    it('given answers over two Lagos days should count each person once a day, under their latest answer', async () => {
      const all = { analytics: true, marketing: true, chat: true };
      const none = { analytics: false, marketing: false, chat: false };
      const custom = { analytics: true, marketing: false, chat: false };
      const chatOnly = { analytics: undefined, marketing: undefined, chat: true };
      const answers: [id: string, categories: Partial<ConsentAnswer>, answeredAt: string, recordedAt: string][] = [
        // A accepts, then rejects the same day: counted once, as rejected.
        ['1-1-1-1', all, '2026-12-01T09:00:00.000Z', '2026-12-01T09:00:01.000Z'],
        ['1-1-1-1', none, '2026-12-01T10:00:00.000Z', '2026-12-01T10:00:01.000Z'],
        ['2-2-2-2', all, '2026-12-01T22:59:00.000Z', '2026-12-01T22:59:01.000Z'], // 23:59 in Lagos: still 1 December
        ['3-3-3-3', chatOnly, '2026-12-01T12:00:00.000Z', '2026-12-01T12:00:01.000Z'],
        // A again at 00:30 on 2 December in Lagos: a new day, counted again.
        ['1-1-1-1', none, '2026-12-01T23:30:00.000Z', '2026-12-01T23:30:01.000Z'],
        // D's beacons arrive out of order: the later answer in the browser is the one counted.
        ['4-4-4-4', custom, '2026-12-02T11:59:00.000Z', '2026-12-02T12:00:00.000Z'],
        ['4-4-4-4', all, '2026-12-02T11:58:00.000Z', '2026-12-02T12:01:00.000Z'],
      ];
      for (const [id, categories, answeredAt, recordedAt] of answers) {
        await recordConsent(database.opened, answer({ id, ...categories, at: Date.parse(answeredAt) }), recordedAt);
      }
      const { code, stdout } = admin();
      expect(code).toBe(0);
      expect(stdout.split('\n')).toEqual([
        'day         accepted all  rejected all  custom  chat only  people',
        '2026-12-01             1             1       0          1       3',
        '2026-12-02             0             1       1          0       2',
        'total                  1             2       1          1       5',
        '',
      ]);
      // The line e2e/site-consent.e2e.ts reads: its second number is the rejected all.
      expect(/^total\s+\d+\s+(\d+)/m.exec(stdout)?.[1]).toBe('2');
      const since = admin('--since', '2026-12-02').stdout;
      expect(since).toContain('2026-12-02             0             1       1          0       2');
      expect(since).not.toContain('2026-12-01');
    });

    it('given answers recorded longer ago than the validity plus a year should delete only those, once a day', async () => {
      // 730 days before 30 November 2028 10:30Z (29 February between) is 1 December 2026 10:30Z: A's
      // two answers of that morning go.
      const run = await eraseExpiredConsentDaily(database.opened, { at: '2028-11-30T10:30:00.000Z' });
      expect(run).toEqual({ ran: true, erasedBefore: '2026-12-01T10:30:00.000Z', erased: 2, interrupted: false });
      expect(admin().stdout).toContain('2026-12-01             1             0       0          1       2');
      expect(await eraseExpiredConsentDaily(database.opened)).toEqual({ ran: false, why: 'done recently' });
      // Without the daily bookkeeping: nothing more is that old.
      expect(await eraseExpiredConsent(database.opened, '2028-11-30T10:30:00.000Z')).toMatchObject({ erased: 0 });
    });
  });

  describe('the migration to categories not asked', () => {
    it('given answers recorded before it should keep them as they were, and then take NULL for a category', async () => {
      const { opened } = await fresh(backend);
      // The table as it was before the migration (every category NOT NULL), with an answer in it.
      if (backend === 'postgres') {
        await sql`ALTER TABLE consent_records ALTER COLUMN analytics SET NOT NULL, ALTER COLUMN marketing SET NOT NULL, ALTER COLUMN chat SET NOT NULL`.execute(
          opened.db,
        );
      } else {
        await sql`DROP TABLE consent_records`.execute(opened.db);
        await sqliteConsent.up(opened.db as never);
      }
      await recordConsent(opened, answer({ id: '7-7-7-7' }), '2026-12-01T09:00:00.000Z');
      await expect(recordConsent(opened, chatAnswer('8-8-8-8'))).rejects.toThrow(/null|NOT NULL/i);
      const before = await opened.db.selectFrom('consent_records').selectAll().execute();

      if (backend === 'postgres')
        await opened.db.transaction().execute((trx) => postgresAskedCategories.up(trx as never));
      else await sqliteAskedCategories.up(opened.db as never);

      expect(await opened.db.selectFrom('consent_records').selectAll().execute()).toEqual(before);
      await recordConsent(opened, chatAnswer('8-8-8-8'));
      expect(await opened.db.selectFrom('consent_records').selectAll().orderBy('id').execute()).toEqual([
        ...before,
        expect.objectContaining({ choice_id: '8-8-8-8', answer: 'chat', analytics: null, marketing: null, chat: 1 }),
      ]);
    });
  });

  describe('the consent records’ retention in a running server', () => {
    let database: ScratchDatabase;
    beforeAll(async () => {
      database = await freshDatabase(backend);
    });
    afterAll(async () => {
      await database.drop();
    });

    it('given SIGNUP_RETENTION_DAYS=0 should still erase a record older than the validity plus a year, and keep the signups', async () => {
      const { opened } = database;
      const longAgo = new Date(Date.now() - 5000 * DAY_MS).toISOString();
      await createSignupStore(opened).record(
        [{ email: 'ada@example.ng', source: null, partner: null, ipHash: null, at: longAgo, locale: 'en' }],
        DAY_MS,
      );
      const threeYearsAgo = new Date(Date.now() - 3 * 365 * DAY_MS).toISOString();
      await recordConsent(opened, answer({ id: '5-5-5-5' }), threeYearsAgo);
      await recordConsent(opened, answer({ id: '6-6-6-6' }));

      const server = await startTestServerOn(database.env, { DEMO_DATA: 'off', SIGNUP_RETENTION_DAYS: '0' });
      try {
        // The run's row is written after its deletions commit: wait for both, or a look between the two
        // would see the record gone and no run yet.
        const retention = async () => ({
          choiceIds: (await opened.db.selectFrom('consent_records').select('choice_id').execute()).map(
            (row) => row.choice_id,
          ),
          runs: await opened.db.selectFrom('consent_retention_runs').selectAll().execute(),
        });
        await expect
          .poll(retention, { timeout: 10_000 })
          .toEqual({ choiceIds: ['6-6-6-6'], runs: [expect.objectContaining({ records_erased: 1 })] });
        expect((await opened.db.selectFrom('signups').select('email').execute()).map((row) => row.email)).toEqual([
          'ada@example.ng',
        ]);
        expect(await opened.db.selectFrom('signup_retention_runs').selectAll().execute()).toEqual([]);
      } finally {
        await server.close();
      }
    });
  });
});
