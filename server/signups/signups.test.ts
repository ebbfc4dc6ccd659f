import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';
import { countRows } from '../../testing/server/scratch-database.js';
import { UserFacingError } from '../errors.js';
import { createSignups, type SignupOptions } from './signups.js';
import { createSignupStore } from './store.js';

const wide = { max: 1000, windowSeconds: 3600 };

async function refusal(promise: Promise<unknown>): Promise<UserFacingError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UserFacingError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe.each(TEST_BACKENDS)('startSelling on %s', (backend) => {
  let database: ScratchDatabase;
  beforeEach(async () => {
    database = await freshDatabase(backend);
  });
  afterEach(() => database.drop());

  const signupsWith = (options: SignupOptions) => createSignups(createSignupStore(database.opened), options);
  const count = (table: 'signups' | 'outbox') => countRows(database.opened.db, table);
  const allSignups = () => database.opened.db.selectFrom('signups').selectAll().orderBy('id').execute();
  const welcomeRecipients = async () =>
    (await database.opened.db.selectFrom('outbox').select('recipient').orderBy('id').execute()).map(
      (row) => row.recipient,
    );

  it('given more signups from one IP than the per-IP limit should refuse the next with RATE_LIMITED and a retry hint, and still accept another IP', async () => {
    const signups = signupsWith({ limits: { perIp: { max: 3, windowSeconds: 600 }, perEmail: wide } });
    const now = new Date('2026-12-05T10:00:00Z');
    for (const n of [1, 2, 3]) {
      await expect(
        signups.startSelling({ email: `crowd${n}@example.ng` }, { ipHash: 'cgnat-a', now }),
      ).resolves.toEqual({
        success: true,
      });
    }
    const error = await refusal(signups.startSelling({ email: 'crowd4@example.ng' }, { ipHash: 'cgnat-a', now }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.extensions.retryAfterSeconds).toBe(600);
    await expect(signups.startSelling({ email: 'crowd4@example.ng' }, { ipHash: 'cgnat-b', now })).resolves.toEqual({
      success: true,
    });
    const later = new Date(now.getTime() + 600_000);
    await expect(
      signups.startSelling({ email: 'crowd5@example.ng' }, { ipHash: 'cgnat-a', now: later }),
    ).resolves.toEqual({ success: true });
    expect(await count('signups')).toBe(5);
  });

  it('given more requests for one address than the per-address limit should refuse it whatever the letter case, and still accept another address', async () => {
    const signups = signupsWith({ limits: { perIp: wide, perEmail: { max: 2, windowSeconds: 3600 } } });
    const now = new Date('2026-12-05T10:00:00Z');
    await signups.startSelling({ email: 'ada@example.ng' }, { ipHash: 'ip-1', now });
    await signups.startSelling({ email: 'ada@EXAMPLE.ng' }, { ipHash: 'ip-2', now });
    const error = await refusal(signups.startSelling({ email: 'ADA@example.ng' }, { ipHash: 'ip-3', now }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.extensions.retryAfterSeconds).toBeGreaterThan(0);
    await expect(signups.startSelling({ email: 'obi@example.ng' }, { ipHash: 'ip-3', now })).resolves.toEqual({
      success: true,
    });
  });

  it('given +tag and dotted variants of one Gmail inbox should count them all against its one per-address limit', async () => {
    const signups = signupsWith({ limits: { perIp: wide, perEmail: { max: 3, windowSeconds: 3600 } } });
    const now = new Date('2026-12-05T10:00:00Z');
    const variants = ['victim+1@gmail.com', 'v.i.c.t.i.m@gmail.com', 'Victim+news@googlemail.com'];
    for (const [i, email] of variants.entries()) await signups.startSelling({ email }, { ipHash: `ip-${i}`, now });
    const error = await refusal(signups.startSelling({ email: 'victim+4@gmail.com' }, { ipHash: 'ip-9', now }));
    expect(error.code).toBe('RATE_LIMITED');
  });

  it('given a filled honeypot should answer success and store nothing', async () => {
    const signups = signupsWith({ limits: { perIp: wide, perEmail: wide } });
    await expect(
      signups.startSelling({ email: 'bot@example.ng', website: 'http://spam.example' }, { ipHash: 'bot' }),
    ).resolves.toEqual({ success: true });
    expect(await count('signups')).toBe(0);
    expect(await count('outbox')).toBe(0);
  });

  it('given an invalid address should answer BAD_USER_INPUT with the form message', async () => {
    const signups = signupsWith({ limits: { perIp: wide, perEmail: wide } });
    const error = await refusal(signups.startSelling({ email: 'ada@localhost' }));
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Invalid email address' });
  });

  it('given a locale should store it with the signup and its welcome, the latest request winning; none is English', async () => {
    const signups = signupsWith({ limits: { perIp: wide, perEmail: wide } });
    await signups.startSelling({ email: 'musa@example.ng', locale: 'ha' });
    await signups.startSelling({ email: 'ada@example.ng' });
    expect((await allSignups()).map((row) => [row.email, row.locale])).toEqual([
      ['musa@example.ng', 'ha'],
      ['ada@example.ng', 'en'],
    ]);
    const payloads = await database.opened.db.selectFrom('outbox').select('payload').orderBy('id').execute();
    expect(payloads.map((row) => JSON.parse(row.payload).locale)).toEqual(['ha', 'en']);
    await signups.startSelling({ email: 'musa@example.ng', locale: 'yo' });
    expect((await allSignups())[0]?.locale).toBe('yo');
  });

  it.each(['fr', 'HA', 'ha-NG', ''])(
    'given the locale %j should answer BAD_USER_INPUT naming the five and store nothing',
    async (locale) => {
      const signups = signupsWith({ limits: { perIp: wide, perEmail: wide } });
      const error = await refusal(signups.startSelling({ email: 'musa@example.ng', locale }));
      expect(error.code).toBe('BAD_USER_INPUT');
      expect(error.message).toContain('use one of en, pcm, ha, yo, ig');
      expect(await count('signups')).toBe(0);
    },
  );

  it('given a partner code with a NUL should answer BAD_USER_INPUT and store nothing', async () => {
    const signups = signupsWith({ limits: { perIp: wide, perEmail: wide } });
    const error = await refusal(signups.startSelling({ email: 'ada@example.ng', partner: 'a\u0000b' }));
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'The partner must not contain control characters.',
    });
    expect(await count('signups')).toBe(0);
  });

  it('given a repeat address should count it, queue no second e-mail within 24 hours and one after', async () => {
    const signups = signupsWith({ limits: { perIp: wide, perEmail: wide } });
    const first = new Date('2026-12-05T10:00:00Z');
    await signups.startSelling({ email: 'ada@example.ng', source: 'kasuwa.shop/', partner: 'blog-1' }, { now: first });
    await signups.startSelling({ email: 'ada@example.ng' }, { now: new Date('2026-12-06T09:59:00Z') });
    expect(await count('outbox')).toBe(1);
    await signups.startSelling({ email: 'ada@example.ng' }, { now: new Date('2026-12-06T10:00:01Z') });
    expect(await count('outbox')).toBe(2);
    expect(await allSignups()).toEqual([
      expect.objectContaining({
        email: 'ada@example.ng',
        first_requested_at: '2026-12-05T10:00:00.000Z',
        last_requested_at: '2026-12-06T10:00:01.000Z',
        request_count: 3,
        source: 'kasuwa.shop/',
        partner: 'blog-1',
      }),
    ]);
  });

  it('given one address typed in several letter cases should keep one signup as first typed and send one welcome e-mail in 24 hours', async () => {
    const signups = signupsWith({ limits: { perIp: wide, perEmail: wide } });
    const first = new Date('2026-12-05T10:00:00Z');
    await signups.startSelling({ email: 'Ada@Example.com', source: 'blog/', partner: 'p-1' }, { now: first });
    await signups.startSelling(
      { email: 'ada@example.com', source: 'other/' },
      { now: new Date('2026-12-05T11:00:00Z') },
    );
    await signups.startSelling({ email: 'ADA@example.com' }, { now: new Date('2026-12-06T09:00:00Z') });
    expect(await welcomeRecipients()).toEqual(['Ada@example.com']);
    await signups.startSelling({ email: 'aDa@example.com' }, { now: new Date('2026-12-06T10:00:01Z') });
    expect(await welcomeRecipients()).toEqual(['Ada@example.com', 'Ada@example.com']);
    expect(await allSignups()).toEqual([
      expect.objectContaining({
        email: 'Ada@example.com',
        first_requested_at: '2026-12-05T10:00:00.000Z',
        last_requested_at: '2026-12-06T10:00:01.000Z',
        request_count: 4,
        source: 'blog/',
        partner: 'p-1',
      }),
    ]);
  });

  it('given an internationalised domain typed in Unicode and in punycode should keep one signup and send one welcome e-mail', async () => {
    const signups = signupsWith({ limits: { perIp: wide, perEmail: wide } });
    await signups.startSelling({ email: 'ada@bücher.de' }, { now: new Date('2026-12-05T10:00:00Z') });
    await signups.startSelling({ email: 'ada@xn--bcher-kva.de' }, { now: new Date('2026-12-05T11:00:00Z') });
    expect(await welcomeRecipients()).toEqual(['ada@xn--bcher-kva.de']);
    expect(await allSignups()).toEqual([expect.objectContaining({ email: 'ada@xn--bcher-kva.de', request_count: 2 })]);
  });

  it('given the same new address twice in one batch should queue one welcome e-mail', async () => {
    const signups = signupsWith({ limits: { perIp: wide, perEmail: wide } });
    await Promise.all([
      signups.startSelling({ email: 'twice@example.ng' }),
      signups.startSelling({ email: 'TWICE@example.ng' }),
    ]);
    expect(await count('outbox')).toBe(1);
    expect(await allSignups()).toEqual([expect.objectContaining({ request_count: 2 })]);
  });

  it('given many concurrent signups should commit every one with exactly one queued e-mail each', async () => {
    let wakes = 0;
    const signups = signupsWith({ limits: { perIp: wide, perEmail: wide }, onQueued: () => wakes++ });
    const emails = Array.from({ length: 120 }, (_, i) => `user${i}@example.ng`);
    await Promise.all([...emails, 'user0@example.ng'].map((email) => signups.startSelling({ email })));
    expect(await count('signups')).toBe(120);
    expect(await count('outbox')).toBe(120);
    // Group commit: far fewer commits (and wake-ups) than signups.
    expect(wakes).toBeLessThan(10);
  });
});
