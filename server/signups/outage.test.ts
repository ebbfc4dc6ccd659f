/**
 * A signup while PostgreSQL is locked or gone, as people notice it: answered within seconds with
 * "try again" (GraphQL UNAVAILABLE with retryAfterSeconds, the no-JavaScript form 503 with
 * Retry-After), never a hang or INTERNAL; and accepted once the database is back.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../../common/messages.js';
import { UnavailableError } from '../errors.js';
import { serverForTests, startTestServerOn } from '../http/test-server.js';
import { type DatabaseProxy, databaseProxy } from '../testing/database-proxy.js';
import { freshDatabase, type ScratchDatabase } from '../testing/databases.js';
import { createSignups } from './signups.js';
import { createSignupStore } from './store.js';

/** Well before the 10 s lock ends, and a wait a person still sits through. */
const BOUND_SECONDS = 6;
const SIGNUP = 'mutation($data: StartSellingInput!) { startSelling(data: $data) { success } }';

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
          body: JSON.stringify({ query: SIGNUP, variables: { data: { email } } }),
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

describe('with PostgreSQL gone (a relay in front of it, taken away)', () => {
  let database: ScratchDatabase;
  let proxy: DatabaseProxy;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    proxy = await databaseProxy(database.env.DATABASE_URL ?? '');
    const running = await startTestServerOn(database.env, {
      DATABASE_URL: proxy.url,
      DEMO_DATA: 'off',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
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

  it('given a host that accepts connections and never answers (DATABASE_CONNECT_TIMEOUT_MS=2000) should answer UNAVAILABLE within 6 s', async () => {
    proxy.hang();
    const { answer, seconds } = await signUp(base, 'dayo@example.ng');
    expect(answer).toEqual(unavailable);
    expect(seconds).toBeLessThan(BOUND_SECONDS);
  });
});
