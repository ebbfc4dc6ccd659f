/**
 * The partner programme's rules and storage on SQLite and PostgreSQL (docs/partners.md, "Joining"): a
 * code is reserved once, a taken one (or one older signups used) gets a free suggestion, the link
 * confirms only its owner's code, a lost link is mailed only to a confirmed, enabled partner; the limits
 * and honeypot are the signups', hits given back on outages.
 */
import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { openDatabase } from '../db/database.js';
import { PermanentMailError } from '../mail/transport.js';
import { confirmLinks } from './confirm-links.js';
import { codeStem, createProgramme, type Later, ProgrammeRefusal } from './programme.js';
import { programmeFor } from './programme-for-database.js';
import { createProgrammeStore } from './programme-store.js';
import { createPartnerStore } from './store.js';

const { defer, fresh } = cleanupAfterEach();
const SECRET = crypto.randomBytes(32);
const LIMITS = { perIp: { max: 100, windowSeconds: 3600 }, perEmail: { max: 100, windowSeconds: 3600 } };

function programmeOn(database: Pick<ScratchDatabase, 'opened'>, limits = LIMITS, later?: Later) {
  const store = createProgrammeStore(database.opened);
  // The work each answer leaves for after it, done before the outbox is read.
  const after: Promise<void>[] = [];
  const programme = createProgramme({
    store,
    confirmLinks: confirmLinks(SECRET),
    issueLink: async (code) => ({ url: `https://kasuwa.shop/partners?t=link-for-${code}` }),
    limits,
    later: later ?? ((job) => after.push(job())),
  });
  const mails = async () => {
    await Promise.all(after.splice(0));
    const rows = await database.opened.db
      .selectFrom('outbox')
      .select(['recipient', 'kind', 'payload'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ to: row.recipient, kind: row.kind, ...JSON.parse(row.payload) }));
  };
  return { store, programme, mails };
}

/**
 * The partners table locked by another connection until release(), and a handle of the server's kind
 * that gives up waiting for it after 200 ms (SQLite's busy_timeout, PostgreSQL's lock_timeout).
 */
async function lockedPartners(database: ScratchDatabase) {
  const { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } = database.env;
  const timeouts = { statementMs: 30_000, lockMs: 200, connectMs: 5_000 };
  const opened = await openDatabase({ dataDir, databaseUrl, databaseTimeouts: timeouts });
  if (opened.backend === 'sqlite') {
    opened.sqlite.pragma('busy_timeout = 200');
    const holder = new SQLite(opened.file);
    holder.exec('BEGIN IMMEDIATE');
    return {
      opened,
      release: async () => {
        holder.exec('ROLLBACK');
        holder.close();
      },
    };
  }
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE partners IN ACCESS EXCLUSIVE MODE');
  return { opened, release: () => holder.query('ROLLBACK').then(() => holder.end()) };
}

const ADA = { email: 'Ada@Example.ng', website: 'https://www.ada-shops.ng/blog', locale: 'yo' };

describe('codeStem', () => {
  it.each([
    ['https://www.Ada-Shops.ng/blog', 'ada-shops-ng-blog'],
    ['@Ada.Shops', 'ada-shops'],
    ['ab', 'partner-ab'],
    ['!!', 'partner'],
  ])('given %s should suggest from %s', (text, stem) => expect(codeStem(text.replace(/^@/, ''))).toBe(stem));
});

describe.each(TEST_BACKENDS)('the partner programme on %s', (backend) => {
  it('given a join should reserve the code unconfirmed and queue one confirmation in the partner language', async () => {
    const database = await fresh(backend);
    const { programme, store, mails } = programmeOn(database);
    expect(await programme.join({ ...ADA, code: 'Ada-Shops' })).toEqual({ kind: 'check-inbox' });
    expect(await store.find('ada-shops')).toMatchObject({
      email: 'Ada@example.ng',
      inbox_key: 'ada@example.ng',
      website: ADA.website,
      locale: 'yo',
      confirmed_at: null,
      disabled_at: null,
    });
    expect(await mails()).toEqual([{ to: 'Ada@example.ng', kind: 'partner-confirm', code: 'ada-shops', locale: 'yo' }]);
  });

  it('given no code should take a free one from the website', async () => {
    const database = await fresh(backend);
    const { programme, store } = programmeOn(database);
    await programme.join({ ...ADA, website: '@adashops' });
    await programme.join({ email: 'bola@example.ng', website: '@adashops', locale: 'en' });
    expect((await store.list()).map((row) => [row.code, row.email])).toEqual([
      ['adashops', 'Ada@example.ng'],
      ['adashops-2', 'bola@example.ng'],
    ]);
  });

  it('given a code another address holds, or one older signups used, should suggest a free one and reserve nothing', async () => {
    const database = await fresh(backend);
    const { programme, store, mails } = programmeOn(database);
    await programme.join({ ...ADA, code: 'lagos-tech' });
    await database.opened.db
      .insertInto('partner_daily_signups')
      .values({ partner: 'radio-ad', day: '2026-12-01', page: '', campaign: '', signups: 4 })
      .execute();
    const bola = { email: 'bola@example.ng', website: '@bola', locale: 'en' };
    expect(await programme.join({ ...bola, code: 'lagos-tech' })).toEqual({
      kind: 'code-taken',
      suggestion: 'lagos-tech-2',
    });
    expect(await programme.join({ ...bola, code: 'radio-ad' })).toEqual({
      kind: 'code-taken',
      suggestion: 'radio-ad-2',
    });
    expect((await store.list()).map((row) => row.code)).toEqual(['lagos-tech']);
    expect(await mails()).toHaveLength(1);
  });

  it('given a code with link keys (linked or revoked by an operator, no partner record) should refuse it to a join and never suggest it', async () => {
    const database = await fresh(backend);
    const { programme, store } = programmeOn(database);
    await createPartnerStore(database.opened).revoke('radio-lagos');
    const bola = { email: 'bola@example.ng', website: 'radio-lagos', locale: 'en' };
    expect(await programme.join({ ...bola, code: 'radio-lagos' })).toEqual({
      kind: 'code-taken',
      suggestion: 'radio-lagos-2',
    });
    expect(await programme.join(bola)).toEqual({ kind: 'check-inbox' });
    expect((await store.list()).map((row) => row.code)).toEqual(['radio-lagos-2']);
  });

  it('given every numbered code from a stem taken should still answer after a bounded number of lookups, with a free code', async () => {
    const database = await fresh(backend);
    const store = createProgrammeStore(database.opened);
    const codes = ['adashops', ...Array.from({ length: 199 }, (_, i) => `adashops-${i + 2}`)];
    const at = new Date().toISOString();
    await database.opened.db
      .insertInto('partners')
      .values(
        codes.map((code) => ({
          code,
          email: 'x@example.ng',
          inbox_key: 'x@example.ng',
          website: '@x',
          locale: 'en',
          created_at: at,
          confirmed_at: at,
          disabled_at: null,
        })),
      )
      .execute();
    let lookups = 0;
    const counted = {
      ...store,
      taken(candidates: string[]) {
        lookups += 1;
        return store.taken(candidates);
      },
    };
    const programme = createProgramme({
      store: counted,
      confirmLinks: confirmLinks(SECRET),
      issueLink: async () => ({ url: '' }),
      limits: LIMITS,
    });
    expect(await programme.join({ email: 'bola@example.ng', website: '@adashops', locale: 'en' })).toEqual({
      kind: 'check-inbox',
    });
    expect(lookups).toBeLessThanOrEqual(5);
    const [bola] = (await store.list()).filter((row) => row.email === 'bola@example.ng');
    expect(bola?.code).toMatch(/^adashops-[a-z0-9]+$/);
    expect(codes).not.toContain(bola?.code);
  });

  it('given a code that breaks the rule should refuse it', async () => {
    const database = await fresh(backend);
    const { programme } = programmeOn(database);
    for (const code of ['ab', 'a'.repeat(33), 'ada_shops', '-ada', 'adá']) {
      await expect(programme.join({ ...ADA, code })).rejects.toThrow(new ProgrammeRefusal('code'));
    }
    await expect(programme.join({ ...ADA, email: 'not-an-address' })).rejects.toThrow(new ProgrammeRefusal('email'));
    await expect(programme.join({ ...ADA, website: ' ' })).rejects.toThrow(new ProgrammeRefusal('website'));
  });

  it("given the same address joining again should mail it again, and answer as for anyone else's code (no form tells who holds one)", async () => {
    const database = await fresh(backend);
    const { programme, mails } = programmeOn(database);
    await programme.join({ ...ADA, code: 'ada-shops' });
    const again = await programme.join({ ...ADA, email: 'ADA@example.ng', code: 'ada-shops' });
    const stranger = await programme.join({ ...ADA, email: 'bola@example.ng', code: 'ada-shops' });
    expect(again).toEqual({ kind: 'code-taken', suggestion: 'ada-shops-2' });
    expect(stranger).toEqual(again);
    expect((await mails()).map((mail) => [mail.kind, mail.code])).toEqual([
      ['partner-confirm', 'ada-shops'],
      ['partner-confirm', 'ada-shops'],
    ]);
  });

  it('given a shutdown right after an answer should queue the mail it left for later before drain() settles', async () => {
    const database = await fresh(backend);
    // The route runs an answer's work once the answer is out: here, 100 ms after it.
    const { programme } = programmeOn(database, LIMITS, (job) => void setTimeout(() => void job(), 100));
    await programme.join({ ...ADA, code: 'ada-shops' });
    expect(await programme.join({ ...ADA, code: 'ada-shops' })).toMatchObject({ kind: 'code-taken' });
    await programme.drain();
    const kinds = await database.opened.db.selectFrom('outbox').select('kind').orderBy('id').execute();
    expect(kinds.map((row) => row.kind)).toEqual(['partner-confirm', 'partner-confirm']);
  });

  it('given the confirmation link should confirm the code once, show and mail the private link once, and refuse a changed or late link', async () => {
    const database = await fresh(backend);
    const { programme, store, mails } = programmeOn(database);
    await programme.join({ ...ADA, code: 'ada-shops' });
    const token = await programme.confirmToken('ada-shops', 'ada@example.ng');
    expect(await programme.confirm(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'yo')).toBeUndefined();
    expect(await programme.confirm(await programme.confirmToken('ada-shops', 'bola@example.ng'), 'yo')).toBeUndefined();
    const late = new Date(Date.now() + 49 * 3_600_000);
    expect(await programme.confirm(token, 'yo', {}, late)).toBeUndefined();
    expect(await programme.confirmable(token, {}, late)).toBeUndefined();
    expect(await programme.confirmable(token)).toEqual({ kind: 'ask', code: 'ada-shops' });
    expect(await programme.confirmable(token)).toEqual({ kind: 'ask', code: 'ada-shops' });
    expect((await store.find('ada-shops'))?.confirmed_at).toBeNull();
    expect((await mails()).map((mail) => mail.kind)).toEqual(['partner-confirm']);

    expect(await programme.confirm(token, 'yo')).toEqual({
      kind: 'confirmed',
      code: 'ada-shops',
      link: 'https://kasuwa.shop/partners?t=link-for-ada-shops',
    });
    // Pressed again (a forwarded mail, a scanner that presses buttons): no link shown, none mailed.
    expect(await programme.confirm(token, 'yo')).toEqual({ kind: 'already-confirmed', code: 'ada-shops' });
    expect(await programme.confirmable(token)).toEqual({ kind: 'already-confirmed', code: 'ada-shops' });
    expect((await store.find('ada-shops'))?.confirmed_at).not.toBeNull();
    expect((await mails()).map((mail) => mail.kind)).toEqual(['partner-confirm', 'partner-link']);
  });

  it('given partners:revoke or privacy:erase after the confirmation mail should refuse its link, and a new join’s mail should confirm', async () => {
    const database = await fresh(backend);
    const { programme } = programmeOn(database);
    const partnerStore = createPartnerStore(database.opened);
    await programme.join({ ...ADA, code: 'ada-shops' });
    const first = await programme.confirmToken('ada-shops', 'ada@example.ng');
    await partnerStore.revoke('ada-shops');
    expect(await programme.confirmable(first)).toBeUndefined();
    expect(await programme.confirm(first, 'yo')).toBeUndefined();

    await programme.join({ ...ADA, code: 'ada-shops' });
    const second = await programme.confirmToken('ada-shops', 'ada@example.ng');
    expect(await programme.confirm(second, 'yo')).toMatchObject({ kind: 'confirmed' });
    // privacy:erase deletes the record and revokes the code's links: the code stays taken (its link keys).
    await database.opened.db.deleteFrom('partners').execute();
    await partnerStore.revoke('ada-shops');
    expect(await programme.join({ ...ADA, code: 'ada-shops' })).toMatchObject({ kind: 'code-taken' });
    expect(await programme.confirm(second, 'yo')).toBeUndefined();
    expect(await programme.confirmable(second)).toBeUndefined();
  });

  it('given a lost link should mail a confirmed partner only, and answer alike for anyone else', async () => {
    const database = await fresh(backend);
    const { programme, store, mails } = programmeOn(database);
    await programme.join({ ...ADA, code: 'ada-shops' });
    await programme.join({ email: 'pending@example.ng', website: '@p', code: 'pending-one', locale: 'en' });
    await programme.confirm(await programme.confirmToken('ada-shops', 'ada@example.ng'), 'yo');
    const before = (await mails()).length;
    for (const email of ['nobody@example.ng', 'pending@example.ng', 'ada+lost@example.ng']) {
      expect(await programme.newLink({ email, locale: 'ha' })).toBeUndefined();
    }
    expect((await mails()).slice(before)).toEqual([
      { to: 'Ada@example.ng', kind: 'partner-link', code: 'ada-shops', locale: 'ha' },
    ]);

    await store.disable('ada-shops');
    await programme.newLink({ email: 'ada@example.ng' });
    expect(await mails()).toHaveLength(before + 1);
  });

  it('given a link mail queued before partners:disable should send no link when its turn comes', async () => {
    const database = await fresh(backend);
    const { programme, store, mails } = programmeOn(database);
    await store.assign('ada-shops', ADA.email, 'en');
    await programme.newLink({ email: ADA.email });
    await mails();
    const [queued] = await database.opened.db.selectFrom('outbox').selectAll().execute();
    const { mailHandlers } = programmeFor({ publicUrl: undefined }, database.opened, {
      linkSecret: SECRET,
      partners: { issueLink: async () => ({ url: 'https://kasuwa.shop/partners?t=x' }) },
      limits: LIMITS,
    });
    await expect(mailHandlers['partner-link'](queued!)).resolves.toMatchObject({ subject: expect.any(String) });
    await store.disable('ada-shops');
    await expect(mailHandlers['partner-link'](queued!)).rejects.toBeInstanceOf(PermanentMailError);
  });

  it('given a filled honeypot should answer as usual and store nothing', async () => {
    const database = await fresh(backend);
    const { programme, store, mails } = programmeOn(database);
    expect(await programme.join({ ...ADA, honeypot: 'https://spam.example' })).toEqual({ kind: 'check-inbox' });
    await programme.newLink({ email: 'ada@example.ng', honeypot: 'x' });
    expect(await store.list()).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('given more requests than the limits allow should refuse with the wait, per IP and per address', async () => {
    const database = await fresh(backend);
    const limits = { perIp: { max: 2, windowSeconds: 3600 }, perEmail: { max: 1, windowSeconds: 3600 } };
    const { programme } = programmeOn(database, limits);
    await programme.join({ ...ADA, code: 'ada-shops' }, { ipHash: 'ip-1' });
    await expect(programme.newLink({ email: 'ada@example.ng' }, { ipHash: 'ip-2' })).rejects.toMatchObject({
      problem: 'rate-limited',
      retryAfterSeconds: expect.any(Number),
    });
    await programme.newLink({ email: 'bola@example.ng' }, { ipHash: 'ip-1' });
    await expect(programme.newLink({ email: 'chidi@example.ng' }, { ipHash: 'ip-1' })).rejects.toMatchObject({
      problem: 'rate-limited',
    });
  });

  it('given an unconfirmed code older than the confirmation window should let another address take it', async () => {
    const database = await fresh(backend);
    const { programme, store } = programmeOn(database);
    await programme.join({ ...ADA, code: 'ada-shops' });
    await database.opened.db
      .updateTable('partners')
      .set({ created_at: new Date(Date.now() - 49 * 3_600_000).toISOString() })
      .execute();
    expect(await programme.join({ email: 'bola@example.ng', website: '@b', code: 'ada-shops' })).toEqual({
      kind: 'check-inbox',
    });
    expect((await store.find('ada-shops'))?.email).toBe('bola@example.ng');
    // Ada's old link no longer confirms it: the code is Bola's now.
    expect(await programme.confirm(await programme.confirmToken('ada-shops', 'ada@example.ng'), 'en')).toBeUndefined();
  });

  it('given an operator assigning an older code should make it the address owner’s, confirmed, and refuse a code confirmed for another', async () => {
    const database = await fresh(backend);
    const { programme, store } = programmeOn(database);
    await database.opened.db
      .insertInto('partner_daily_signups')
      .values({ partner: 'Radio Ad', day: '2026-12-01', page: '', campaign: '', signups: 4 })
      .execute();
    expect(await store.assign('Radio Ad', 'kemi@example.ng', 'en')).toBe(true);
    expect(await store.list()).toMatchObject([{ code: 'Radio Ad', email: 'kemi@example.ng', signups: 4 }]);
    expect((await store.find('Radio Ad'))?.confirmed_at).not.toBeNull();
    expect(await store.assign('Radio Ad', 'bola@example.ng', 'en')).toBe(false);
    await programme.newLink({ email: 'kemi@example.ng' });
    expect((await store.list())[0]?.code).toBe('Radio Ad');
  });

  it('given the database unavailable during a join and a new-link request should give back their hits: the retry fits the limits, which still hold after', async () => {
    const database = await fresh(backend);
    // A partner already: the new link finds a code to mail.
    await createProgrammeStore(database.opened).assign('ada-shops', ADA.email, 'yo');
    const locked = await lockedPartners(database);
    defer(() => locked.opened.close());
    defer(() => locked.release().catch(() => {}));
    const oneEach = { perIp: { max: 1, windowSeconds: 3600 }, perEmail: { max: 1, windowSeconds: 3600 } };
    const joinOn = programmeOn(locked, oneEach).programme;
    const linkOn = programmeOn(locked, oneEach).programme;
    const context = { ipHash: 'ip-of-ada' };
    const unavailable = (work: Promise<unknown>) =>
      work.then(
        () => false,
        (error: unknown) => isDatabaseUnavailable(error),
      );

    expect(await unavailable(joinOn.join({ ...ADA, code: 'ada-shops' }, context))).toBe(true);
    // New-link reads before its answer and writes after it: the lock stops that read on PostgreSQL (ACCESS
    // EXCLUSIVE), not on SQLite, whose readers never wait for a writer (WAL).
    if (backend === 'postgres') expect(await unavailable(linkOn.newLink({ email: ADA.email }, context))).toBe(true);
    await locked.release();

    expect(await joinOn.join({ ...ADA, code: 'ada-shops' }, context)).toMatchObject({ kind: 'code-taken' });
    await linkOn.newLink({ email: ADA.email }, context);
    await expect(joinOn.join({ ...ADA, code: 'ada-shops' }, context)).rejects.toMatchObject({
      problem: 'rate-limited',
    });
    await expect(linkOn.newLink({ email: ADA.email }, context)).rejects.toMatchObject({ problem: 'rate-limited' });
  });
});
