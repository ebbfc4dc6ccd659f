/**
 * Signup retention (docs/signups.md, "Retention") on SQLite and PostgreSQL: signups not requested again
 * for SIGNUP_RETENTION_DAYS are erased with their e-mails, recent ones kept; several servers on one
 * PostgreSQL database erase once; the server runs it from its start and stops it on close.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { startSmtpSink } from '../../testing/server/smtp-sink.js';
import { startTestServerOn } from '../../testing/server/test-server.js';
import { type OpenedDatabase, openPostgres } from '../db/database.js';
import { eraseExpiredSignups, startSignupRetention } from './retention.js';
import { createSignupStore } from './store.js';

const { defer, fresh } = cleanupAfterEach();
afterEach(() => {
  vi.restoreAllMocks();
});

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** `count` signups last requested `at`, straight into the table: thousands through the store would take long for nothing. */
async function insertSignups(opened: OpenedDatabase, count: number, at: string) {
  const emails = Array.from({ length: count }, (_, i) => `seller${i}@example.ng`);
  await opened.db
    .insertInto('signups')
    .values(
      emails.map((email) => ({
        email,
        email_key: email,
        first_requested_at: at,
        last_requested_at: at,
        request_count: 1,
        source: null,
        partner: null,
        ip_hash: null,
        last_welcome_at: at,
        last_welcome_request: 1,
      })),
    )
    .execute();
}

/** Signups as the form writes them (each queues its welcome e-mail), requested at the given times. */
async function signUp(opened: OpenedDatabase, requests: [email: string, at: string][]) {
  const store = createSignupStore(opened);
  for (const [email, at] of requests) {
    await store.record([{ email, source: 'kasuwa.shop/', partner: null, ipHash: null, at, locale: 'en' }], DAY_MS);
  }
}

const signupEmails = async (opened: OpenedDatabase) =>
  (await opened.db.selectFrom('signups').select('email').orderBy('email').execute()).map((row) => row.email);
const outboxRecipients = async (opened: OpenedDatabase) =>
  (await opened.db.selectFrom('outbox').select('recipient').orderBy('recipient').orderBy('id').execute()).map(
    (row) => row.recipient,
  );
const runCount = async (opened: OpenedDatabase) =>
  Number(
    (
      await opened.db
        .selectFrom('signup_retention_runs')
        .select((eb) => eb.fn.countAll().as('runs'))
        .executeTakeFirstOrThrow()
    ).runs,
  );

describe.each(TEST_BACKENDS)('signup retention on %s', (backend) => {
  it('given signups last requested longer ago than the retention should erase them and their e-mails, and keep the others', async () => {
    const { opened } = await fresh(backend);
    await signUp(opened, [
      ['old@example.ng', daysAgo(800)],
      ['Forgotten@Example.ng', daysAgo(731)],
      // First came long ago, asked again last week: kept, with its e-mails.
      ['back@example.ng', daysAgo(900)],
      ['back@example.ng', daysAgo(7)],
      ['recent@example.ng', daysAgo(729)],
    ]);
    expect(await outboxRecipients(opened)).toHaveLength(5);

    const run = await eraseExpiredSignups(opened, 730);

    expect(run).toMatchObject({ ran: true, signupsErased: 2, outboxErased: 2, interrupted: false });
    expect(await signupEmails(opened)).toEqual(['back@example.ng', 'recent@example.ng']);
    expect(await outboxRecipients(opened)).toEqual(['back@example.ng', 'back@example.ng', 'recent@example.ng']);
    expect(await runCount(opened)).toBe(1);
    // Once a day: a second look the same day finds the run done and erases nothing more.
    await signUp(opened, [['late@example.ng', daysAgo(1000)]]);
    expect(await eraseExpiredSignups(opened, 730)).toEqual({ ran: false, why: 'done recently' });
    expect(await signupEmails(opened)).toContain('late@example.ng');
    expect(await runCount(opened)).toBe(1);
  });

  it('given more signups to erase than one batch should erase every one of them and their e-mails', async () => {
    const { opened } = await fresh(backend);
    const old = daysAgo(1000);
    await insertSignups(opened, 2500, old);
    await signUp(opened, [['kept@example.ng', daysAgo(1)]]);

    expect(await eraseExpiredSignups(opened, 730)).toMatchObject({ ran: true, signupsErased: 2500 });
    expect(await signupEmails(opened)).toEqual(['kept@example.ng']);
  });

  it('should log one line per run with the counts and no address, and look no more once stopped', async () => {
    const { opened } = await fresh(backend);
    await signUp(opened, [
      ['old@example.ng', daysAgo(40)],
      ['new@example.ng', daysAgo(2)],
    ]);
    const lines: Record<string, unknown>[] = [];
    const retention = startSignupRetention({
      opened,
      retentionDays: 30,
      log: (msg, fields) => lines.push({ msg, ...fields }),
      warn: (msg, fields) => lines.push({ msg, ...fields }),
      // Looks every 20 ms and runs at each look: the timer is what stop() must end.
      checkEveryMs: 20,
      dueAfterMs: 0,
    });
    defer(() => retention.stop());
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toEqual({
      msg: 'signup retention',
      retentionDays: 30,
      erasedBefore: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      signupsErased: 1,
      outboxErased: 1,
    });
    expect(lines[1]).toMatchObject({ msg: 'signup retention', signupsErased: 0, outboxErased: 0 });
    expect(JSON.stringify(lines)).not.toContain('@');
    expect(await signupEmails(opened)).toEqual(['new@example.ng']);

    await retention.stop();
    const runs = await runCount(opened);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await runCount(opened)).toBe(runs);
  });

  it('given SIGNUP_RETENTION_DAYS=0 should keep every signup', async () => {
    const { opened } = await fresh(backend);
    await signUp(opened, [['ancient@example.ng', daysAgo(5000)]]);
    const lines: string[] = [];
    const retention = startSignupRetention({
      opened,
      retentionDays: 0,
      log: (msg) => lines.push(msg),
      warn: (msg) => lines.push(msg),
      checkEveryMs: 10,
      dueAfterMs: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await retention.stop();
    expect(lines).toEqual([]);
    expect(await signupEmails(opened)).toEqual(['ancient@example.ng']);
    expect(await runCount(opened)).toBe(0);
  });

  it('given a server started on a database with old signups should erase them from its start', async () => {
    const database = await fresh(backend);
    await signUp(database.opened, [
      ['old@example.ng', daysAgo(800)],
      ['new@example.ng', daysAgo(3)],
    ]);
    const smtp = await startSmtpSink();
    defer(smtp.close);
    const server = await startTestServerOn(database.env, { DEMO_DATA: 'off', SMTP_URL: smtp.url });
    defer(() => server.close());

    await expect.poll(() => runCount(database.opened), { timeout: 10_000 }).toBe(1);
    expect(await signupEmails(database.opened)).toEqual(['new@example.ng']);
  });
});

describe('signup retention with several servers on one PostgreSQL database', () => {
  it('given two servers running it at the same moment should erase once and record one run', async () => {
    const database = await fresh('postgres');
    const url = database.env.DATABASE_URL!;
    const old = daysAgo(1000);
    await insertSignups(database.opened, 3000, old);
    // Each its own pool, as on two machines: only the database is shared.
    const servers = [openPostgres(url), openPostgres(url)];
    defer(async () => {
      for (const server of servers) await server.close();
    });

    const runs = await Promise.all(servers.map((server) => eraseExpiredSignups(server, 730)));

    const erasing = runs.filter((run) => run.ran);
    expect(erasing).toHaveLength(1);
    expect(erasing[0]).toMatchObject({ signupsErased: 3000 });
    expect(runs.filter((run) => !run.ran)).toEqual([
      { ran: false, why: expect.stringMatching(/^(running elsewhere|done recently)$/) },
    ]);
    expect(await runCount(database.opened)).toBe(1);
    expect(await signupEmails(database.opened)).toEqual([]);
  });

  it('given two servers started together should record one run between them', async () => {
    const database = await fresh('postgres');
    await signUp(database.opened, [
      ['old@example.ng', daysAgo(800)],
      ['new@example.ng', daysAgo(3)],
    ]);
    const smtp = await startSmtpSink();
    defer(smtp.close);
    const env = { DEMO_DATA: 'off', SMTP_URL: smtp.url, SINGLE_SERVER: 'off' };
    const servers = await Promise.all([startTestServerOn(database.env, env), startTestServerOn(database.env, env)]);
    defer(async () => {
      for (const server of servers) await server.close();
    });

    await expect.poll(() => runCount(database.opened), { timeout: 10_000 }).toBe(1);
    expect(await signupEmails(database.opened)).toEqual(['new@example.ng']);
    // Both servers have looked by now (each at its start); still one run.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await runCount(database.opened)).toBe(1);
  });
});
