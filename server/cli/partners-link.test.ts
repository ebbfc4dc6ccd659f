/**
 * `partners:link` and `partners:revoke` as an operator runs them, on SQLite and PostgreSQL: the link is on
 * PUBLIC_URL and opens the code's counts, a code without signups gets a note on stderr, and a revoke
 * refuses every link issued before it, and a disabled code gets a link only with --force (docs/partners.md).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEST_TIMEOUT_MS, runAdmin } from '../../testing/server/admin-cli.js';
import { freshDatabase, type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';
import { loadConfig } from '../config.js';
import { partnerSettings } from '../partner-settings.js';
import { partnersFor } from '../partners/partners-for-database.js';
import { programmeFor } from '../partners/programme-for-database.js';
import { createProgrammeStore } from '../partners/programme-store.js';
import { insertSignupsWithoutWelcome } from '../signups/store.js';

vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS });

describe.each(TEST_BACKENDS)('partners:link and partners:revoke on %s', (backend) => {
  let database: ScratchDatabase;
  const env = () => ({ ...database.env, DEMO_DATA: 'off', NODE_ENV: 'test', PUBLIC_URL: 'https://partners.example' });

  const admin = (...args: string[]) => runAdmin(env(), ...args);
  /** The server's own partners, on the same database and secret. */
  const partners = () => partnersFor(partnerSettings(loadConfig(env())), database.opened);
  /** What the server would answer for the link's token. */
  const opens = async (url: string) => (await partners()).read(new URL(url).searchParams.get('t') ?? '');

  beforeAll(async () => {
    database = await freshDatabase(backend);
    await insertSignupsWithoutWelcome(database.opened.db, [
      { email: 'a@example.ng', at: new Date().toISOString(), source: 'blog.example/a', partner: 'radio' },
    ]);
  });

  afterAll(async () => {
    await database.drop();
  });

  it('given a code with signups should print a link on PUBLIC_URL that opens its counts', async () => {
    const { code, stdout, stderr } = admin('partners:link', 'radio', '--days', '30');
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toMatch(/^https:\/\/partners\.example\/partners\?t=[\w.-]+\n$/);
    const opened = await opens(stdout.trim());
    expect(opened).toEqual({ ok: true, partner: 'radio' });
    expect((await (await partners()).summary('radio')).allTime).toBe(1);
  });

  it('given a code without signups should still print a link, with a note on stderr', () => {
    const { code, stdout, stderr } = admin('partners:link', 'new-blog');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^https:\/\/partners\.example\/partners\?t=/);
    expect(stderr).toBe('Note: no signup has come with the code "new-blog" yet (a new partner?).\n');
  });

  it('given a code linked before anyone joined should hold it: a stranger’s join is refused with another code', async () => {
    expect(admin('partners:link', 'radio-lagos').code).toBe(0);
    const store = createProgrammeStore(database.opened);
    const { programme } = programmeFor({ publicUrl: undefined }, database.opened, {
      linkSecret: crypto.randomBytes(32),
      partners: { issueLink: async () => ({ url: 'https://partners.example/partners?t=x' }) },
      limits: { perIp: { max: 100, windowSeconds: 3600 }, perEmail: { max: 100, windowSeconds: 3600 } },
    });
    const stranger = { email: 'stranger@example.ng', website: '@stranger', code: 'radio-lagos' };
    expect(await programme.join(stranger)).toEqual({ kind: 'code-taken', suggestion: 'radio-lagos-2' });
    expect(await programme.join({ ...stranger, code: '', website: 'radio-lagos' })).toEqual({ kind: 'check-inbox' });
    expect(await store.find('radio-lagos')).toBeUndefined();
    expect(await store.find('radio-lagos-2')).toMatchObject({ email: 'stranger@example.ng' });
    // The refused join left a resend for after its answer: done before the database goes.
    await programme.drain();
  });

  it('given partners:revoke should refuse the links issued before it only', async () => {
    const before = (await (await partners()).issueLink('radio')).url;
    expect(admin('partners:revoke', 'radio')).toMatchObject({
      code: 0,
      stdout: 'Every link issued for "radio" until now is refused.\n',
    });
    expect(await opens(before)).toEqual({ ok: false, why: 'revoked' });
    expect(await opens((await (await partners()).issueLink('radio')).url)).toMatchObject({ ok: true });
  });

  it('given a disabled code should refuse with a clear message and exit 1, and print a link with --force', async () => {
    expect(admin('partners:assign', 'radio', 'kemi@example.ng').code).toBe(0);
    expect(admin('partners:disable', 'radio').code).toBe(0);
    const refused = admin('partners:link', 'radio', '--days', '30');
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr:
        '"radio" is disabled (partners:disable): no link printed. Add --force to print one anyway; the code stays disabled.\n',
    });
    const forced = admin('partners:link', 'radio', '--force', '--days', '30');
    expect(forced.code).toBe(0);
    expect(await opens(forced.stdout.trim())).toEqual({ ok: true, partner: 'radio' });
  });

  it('given a bad --days should refuse with the usage', () => {
    expect(admin('partners:link', 'radio', '--days', '0').stderr.split('\n')[0]).toBe(
      '--days must be a whole number from 1 to 3660.',
    );
  });
});
