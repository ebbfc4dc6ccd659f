/**
 * `npm run admin -- privacy:show EMAIL` and `privacy:erase EMAIL` as support runs them, on SQLite and
 * with DATABASE_URL on PostgreSQL: what they print, that any spelling of the inbox finds it, and that
 * after an erasure (partner records too) only a keyed hash is left and the inbox is never stored or mailed again.
 */
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TEST_TIMEOUT_MS, runAdmin } from '../../testing/server/admin-cli.js';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';
import { privacySecret } from '../db/installation.js';
import { createProgrammeStore } from '../partners/programme-store.js';
import { privacyKeys } from '../privacy/links.js';
import { createPrivacy } from '../privacy/privacy.js';
import { createPrivacyStore } from '../privacy/store.js';
import { createSignupStore } from '../signups/store.js';

vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS });

const { fresh } = cleanupAfterEach();

const admin = (database: ScratchDatabase, ...args: string[]) => runAdmin(database.env, ...args);

const signup = (email: string, at: string, source: string | null = 'kasuwa.shop/') => ({
  email,
  source,
  partner: null,
  ipHash: 'hashed-ip',
  at,
  locale: 'en',
});

describe.each(TEST_BACKENDS)('privacy:show and privacy:erase on %s', (backend) => {
  it('given an inbox signed up under two spellings should show both, then erase both and keep only its hash', async () => {
    const database = await fresh(backend);
    const keys = privacyKeys(await privacySecret(database.opened, database.env.DATA_DIR));
    const store = createSignupStore(database.opened, { inboxHash: keys.inboxHash });
    await store.record(
      [
        signup('Ngozi.Eze@gmail.com', '2026-12-01T08:00:00.000Z'),
        signup('ngozieze+shop@googlemail.com', '2026-12-02T09:30:00.000Z', 'blog.partner.ng/tips'),
        signup('bisi@example.ng', '2026-12-02T10:00:00.000Z'),
      ],
      24 * 3_600_000,
    );
    // She is a partner too, joined under a third spelling: her record and its confirmation mail are hers.
    const reservation = { code: 'ngozi-tips', email: 'ngozieze+partner@gmail.com', website: '@ngozi', locale: 'yo' };
    await createProgrammeStore(database.opened).reserve(reservation, 3_600_000);

    const shown = admin(database, 'privacy:show', 'NGOZIEZE@gmail.com');
    expect(shown.code).toBe(0);
    const record = JSON.parse(shown.stdout);
    expect(record).toMatchObject({
      inbox: 'ngozieze@gmail.com',
      signups: [
        {
          email: 'Ngozi.Eze@gmail.com',
          first_requested_at: '2026-12-01T08:00:00.000Z',
          last_requested_at: '2026-12-01T08:00:00.000Z',
          request_count: 1,
          source: 'kasuwa.shop/',
          ip_hash: 'hashed-ip',
        },
        { email: 'ngozieze+shop@googlemail.com', source: 'blog.partner.ng/tips' },
      ],
      emails: [
        { recipient: 'Ngozi.Eze@gmail.com', status: 'pending', created_at: '2026-12-01T08:00:00.000Z' },
        { recipient: 'ngozieze+shop@googlemail.com', status: 'pending' },
        { recipient: 'ngozieze+partner@gmail.com', kind: 'partner-confirm', status: 'pending' },
      ],
      partners: [{ ...reservation, inbox_key: 'ngozieze@gmail.com', confirmed_at: null, disabled_at: null }],
      suppressed: null,
    });
    expect(JSON.parse(record.emails[1].payload)).toEqual({
      email: 'ngozieze+shop@googlemail.com',
      locale: 'en',
      source: 'blog.partner.ng/tips',
      partner: null,
      requestedAt: '2026-12-02T09:30:00.000Z',
    });

    const erased = admin(database, 'privacy:erase', 'ngozi.eze+anything@gmail.com');
    expect(erased.code).toBe(0);
    expect(erased.stdout.trim()).toBe(
      'Erased 2 signups, 3 e-mails and 1 partner record of this inbox. Its keyed hash is now on the suppression list: it will never be mailed again.',
    );
    expect(erased.stdout + erased.stderr).not.toMatch(/ngozi/i);

    const after = JSON.parse(admin(database, 'privacy:show', 'Ngozi.Eze@gmail.com').stdout);
    expect(after).toEqual({
      inbox: 'ngozieze@gmail.com',
      signups: [],
      emails: [],
      partners: [],
      suppressed: { since: expect.any(String), reason: 'erased' },
    });
    // Nothing in any table names the inbox any more; the other signup is untouched.
    const { db } = database.opened;
    const everything = JSON.stringify([
      await db.selectFrom('signups').selectAll().execute(),
      await db.selectFrom('outbox').selectAll().execute(),
      await db.selectFrom('suppressions').selectAll().execute(),
      await db.selectFrom('partners').selectAll().execute(),
    ]);
    expect(everything).not.toMatch(/ngozi/i);
    expect(everything).toContain('bisi@example.ng');
    // Every link her code was given is refused: the code may go to someone else.
    expect(await db.selectFrom('partner_link_keys').select(['partner', 'key_version']).execute()).toEqual([
      { partner: 'ngozi-tips', key_version: 1 },
    ]);

    // Signed up again: answered (recorded as "no mail queued") but neither stored nor mailed.
    expect(await store.record([signup('ngozi.eze@gmail.com', '2026-12-03T08:00:00.000Z')], 24 * 3_600_000)).toEqual([
      false,
    ]);
    expect(JSON.stringify(await db.selectFrom('signups').selectAll().execute())).not.toMatch(/ngozi/i);

    const again = admin(database, 'privacy:erase', 'ngozieze@gmail.com');
    expect(again.stdout.trim()).toBe(
      'Erased 0 signups, 0 e-mails and 0 partner records of this inbox. It was on the suppression list already (a keyed hash only): it will never be mailed again.',
    );
  }, 60_000); // four admin processes, each a few seconds on a busy machine

  it('given an inbox that stopped our e-mails should leave it out of signups:export', async () => {
    const database = await fresh(backend);
    const keys = privacyKeys(await privacySecret(database.opened, database.env.DATA_DIR));
    const store = createSignupStore(database.opened, { inboxHash: keys.inboxHash });
    await store.record(
      [
        signup('Stopped.Me@gmail.com', '2026-12-01T08:00:00.000Z'),
        signup('kept@example.ng', '2026-12-01T09:00:00.000Z'),
      ],
      24 * 3_600_000,
    );
    const privacy = createPrivacy(createPrivacyStore(database.opened), keys);
    expect(await privacy.stop(keys.token('stoppedme+promo@gmail.com'), 'link')).toEqual({
      email: 'stoppedme+promo@gmail.com',
      cancelled: 1,
    });
    const exported = admin(database, 'signups:export');
    expect(exported.code).toBe(0);
    expect(exported.stdout.trim().split(/\r?\n/)).toEqual([
      'email,first_requested,last_requested,count,source,partner',
      'kept@example.ng,2026-12-01T09:00:00.000Z,2026-12-01T09:00:00.000Z,1,kasuwa.shop/,',
    ]);
  });

  it('given no address or a bad one should exit 2 with the usage and change nothing', async () => {
    const database = await fresh(backend);
    for (const args of [['privacy:show'], ['privacy:erase', 'not-an-address']]) {
      const result = admin(database, ...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Give one e-mail address.\nUsage: npm run admin -- privacy:');
    }
    expect(await database.opened.db.selectFrom('suppressions').selectAll().execute()).toEqual([]);
  });
});
