/**
 * A signup while PostgreSQL is locked, gone or silent, as people notice it: answered within seconds
 * with "try again" (GraphQL UNAVAILABLE with retryAfterSeconds, the no-JavaScript form 503 with
 * Retry-After), never a hang or INTERNAL, without using up the rate-limit allowance the retry needs;
 * the sales ingest answers 503 with Retry-After; and both work once the database is back.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../../common/messages.js';
import { type DatabaseProxy, databaseProxy } from '../../testing/server/database-proxy.js';
import { freshDatabase, type ScratchDatabase, testRedisUrl } from '../../testing/server/databases.js';
import { START_SELLING } from '../../testing/server/start-selling.js';
import { serverForTests, startTestServerOn } from '../../testing/server/test-server.js';
import { UnavailableError } from '../errors.js';
import { createSignups } from './signups.js';
import { createSignupStore } from './store.js';

/** Well before the 10 s lock ends, and a wait a person still sits through. */
const BOUND_SECONDS = 6;
const INGEST_TOKEN = 'outage-test-ingest-token-0123';

type GraphQLAnswer = {
  data?: { startSelling: { success: boolean } } | null;
  errors?: { message: string; extensions: Record<string, unknown> }[];
};

async function timed<T>(work: () => Promise<T>): Promise<{ answer: T; seconds: number }> {
  const started = performance.now();
  const answer = await work();
  return { answer, seconds: (performance.now() - started) / 1000 };
}

const signUp = (base: string, email: string) =>
  timed(
    async () =>
      (await (
        await fetch(`${base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: START_SELLING, variables: { data: { email } } }),
        })
      ).json()) as GraphQLAnswer,
  );

const postForm = (base: string, email: string) =>
  timed(async () => {
    const response = await fetch(`${base}/start-selling`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, website: '' }).toString(),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), page: await response.text() };
  });

const unavailable = {
  data: null,
  errors: [
    expect.objectContaining({
      message: UNAVAILABLE_MESSAGE,
      extensions: { code: 'UNAVAILABLE', retryAfterSeconds: 5 },
    }),
  ],
};
const accepted = { data: { startSelling: { success: true } } };

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Another session holds the signups table as a long migration or a stray psql would; it lets go after 10 s. */
async function lockSignups(databaseUrl: string): Promise<() => Promise<void>> {
  const other = new pg.Client({ connectionString: databaseUrl });
  await other.connect();
  await other.query('BEGIN');
  await other.query('LOCK TABLE signups IN ACCESS EXCLUSIVE MODE');
  let released: Promise<void> | undefined;
  const release = () => {
    released ??= other.query('ROLLBACK').then(() => other.end());
    return released;
  };
  const timer = setTimeout(release, 10_000);
  cleanups.push(() => {
    clearTimeout(timer);
    return release();
  });
  return release;
}

describe('with the signups table locked (PostgreSQL)', () => {
  const server = serverForTests({ DEMO_DATA: 'off' }, 'postgres');
  const lock = () => lockSignups(server.database.env.DATABASE_URL ?? '');
  const stored = async (email: string) =>
    (await server.database.opened.db.selectFrom('signups').select('email').where('email', '=', email).execute()).length;

  it('given a startSelling call should answer UNAVAILABLE with a retry hint within 6 s, and accept the same signup once the lock is gone', async () => {
    const release = await lock();
    const { answer, seconds } = await signUp(server.base, 'ada@example.ng');
    expect(answer).toEqual(unavailable);
    expect(seconds).toBeLessThan(BOUND_SECONDS);
    await release();
    expect((await signUp(server.base, 'ada@example.ng')).answer).toEqual(accepted);
    expect(await stored('ada@example.ng')).toBe(1);
  });

  it('given the no-JavaScript form should answer 503 with Retry-After and the form again within 6 s, then 200', async () => {
    const release = await lock();
    const { answer, seconds } = await postForm(server.base, 'bola@example.ng');
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe('5');
    expect(answer.page).toContain(UNAVAILABLE_MESSAGE);
    expect(answer.page).toContain('value="bola@example.ng"');
    expect(seconds).toBeLessThan(BOUND_SECONDS);
    await release();
    expect((await postForm(server.base, 'bola@example.ng')).answer.status).toBe(200);
    expect(await stored('bola@example.ng')).toBe(1);
  });

  it('given several signups committed together should refuse them all within 6 s, not one lock wait after another', async () => {
    const release = await lock();
    const signups = createSignups(createSignupStore(server.database.opened), {
      limits: { perIp: { max: 100, windowSeconds: 3600 }, perEmail: { max: 100, windowSeconds: 3600 } },
    });
    // Asked in one turn of the event loop: one batch, one transaction.
    const answers = ['a', 'b', 'c', 'd'].map((name) =>
      timed(() => signups.startSelling({ email: `${name}@batch.example.ng` }).catch((error: unknown) => error)),
    );
    for (const { answer, seconds } of await Promise.all(answers)) {
      expect(answer).toBeInstanceOf(UnavailableError);
      expect(seconds).toBeLessThan(BOUND_SECONDS);
    }
    await release();
  });
});

describe.each([
  ['in the database', {}],
  ['in Redis', { REDIS_URL: 'redis' }],
] as const)(
  'with the signups table locked and the limits counted %s (SIGNUP_EMAIL_LIMIT and SIGNUP_IP_LIMIT 3)',
  (_where, counter) => {
    const server = serverForTests(
      {
        DEMO_DATA: 'off',
        SIGNUP_EMAIL_LIMIT: '3',
        SIGNUP_IP_LIMIT: '3',
        DATABASE_LOCK_TIMEOUT_MS: '500',
        ...('REDIS_URL' in counter && { REDIS_URL: testRedisUrl() }),
      },
      'postgres',
    );

    it('given three signups answered UNAVAILABLE should not count them against the address nor the IP: the retry is accepted, and the limit still holds after', async () => {
      // Redis outlives this run's databases: an address of this run's own.
      const email = `gbenga-${process.pid}-${Date.now()}@example.ng`;
      const release = await lockSignups(server.database.env.DATABASE_URL ?? '');
      for (let i = 0; i < 3; i++) expect((await signUp(server.base, email)).answer).toEqual(unavailable);
      await release();
      expect((await signUp(server.base, email)).answer).toEqual(accepted);
      // The IP's allowance too: two more addresses fit in its 3, a third does not.
      expect((await signUp(server.base, `2-${email}`)).answer).toEqual(accepted);
      expect((await signUp(server.base, `3-${email}`)).answer).toEqual(accepted);
      const refused = (await signUp(server.base, `4-${email}`)).answer;
      expect(refused.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    });
  },
);

describe('with PostgreSQL gone (a relay in front of it, taken away)', () => {
  let database: ScratchDatabase;
  let proxy: DatabaseProxy;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    // A store for the ingest case, there before the server loads its store directory.
    await database.opened.db
      .insertInto('stores')
      .values({
        id: 'outage-store',
        name: 'Outage Store',
        domain: 'outage-store.kasuwa.shop',
        custom_domain: null,
        logo_url: null,
        opted_in: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    proxy = await databaseProxy(database.env.DATABASE_URL ?? '');
    const running = await startTestServerOn(database.env, {
      DATABASE_URL: proxy.url,
      DEMO_DATA: 'off',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
      INGEST_TOKEN,
    });
    base = `http://127.0.0.1:${running.port}`;
    close = () => running.close();
  });
  afterAll(async () => {
    await proxy?.relay();
    await close?.();
    await proxy?.close();
    await database?.drop();
  });
  afterEach(() => proxy.relay());

  it('given nothing listening at its address should answer UNAVAILABLE within 6 s (the form 503), and accept signups again once it is back', async () => {
    await proxy.refuse();
    const { answer, seconds } = await signUp(base, 'chika@example.ng');
    expect(answer).toEqual(unavailable);
    expect(seconds).toBeLessThan(BOUND_SECONDS);
    const form = await postForm(base, 'chika@example.ng');
    expect([form.answer.status, form.answer.retryAfter]).toEqual([503, '5']);
    await proxy.relay();
    expect((await signUp(base, 'chika@example.ng')).answer).toEqual(accepted);
  });

  it('given the database silent mid-session (connections open, nothing answered; DATABASE_STATEMENT_TIMEOUT_MS=2000) should answer UNAVAILABLE within 6 s, and accept signups once it answers again', async () => {
    // Connections in the pool first, then silence on them: only a client-side read bound ends the wait.
    expect((await signUp(base, 'efe@example.ng')).answer).toEqual(accepted);
    proxy.silence();
    const { answer, seconds } = await signUp(base, 'funmi@example.ng');
    expect(answer).toEqual(unavailable);
    expect(seconds).toBeLessThan(BOUND_SECONDS);
    await proxy.relay();
    await expect
      .poll(async () => (await signUp(base, 'funmi@example.ng')).answer, { timeout: 10_000 })
      .toEqual(accepted);
  });

  it('given a sales batch while PostgreSQL is gone should answer 503 with Retry-After within 6 s, and take the same batch once it is back', async () => {
    const batch = `${JSON.stringify({ order_id: 'outage-1', store_id: 'outage-store', amount: 250_000, status: 'paid', paid_at: '2026-12-24T12:00:00+01:00' })}\n`;
    const ingest = () =>
      timed(() =>
        fetch(`${base}/ingest/sales`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${INGEST_TOKEN}` },
          body: batch,
        }),
      );
    await proxy.refuse();
    const { answer, seconds } = await ingest();
    expect([answer.status, answer.headers.get('retry-after')]).toEqual([503, '5']);
    expect(seconds).toBeLessThan(BOUND_SECONDS);
    await proxy.relay();
    const again = await ingest();
    expect([again.answer.status, await again.answer.json()]).toEqual([200, expect.objectContaining({ accepted: 1 })]);
  });

  it('given a host that accepts connections and never answers (DATABASE_CONNECT_TIMEOUT_MS=2000) should answer UNAVAILABLE within 6 s', async () => {
    proxy.hang();
    const { answer, seconds } = await signUp(base, 'dayo@example.ng');
    expect(answer).toEqual(unavailable);
    expect(seconds).toBeLessThan(BOUND_SECONDS);
  });
});
