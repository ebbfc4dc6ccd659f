/**
 * The operators' programme commands as run from the shell, on SQLite and PostgreSQL: `partners:list`
 * as CSV, `partners:assign` of an older code, `partners:show`, and `partners:disable`, after which the
 * code's old links open nothing, its signups still count and no new link is mailed.
 */
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TEST_TIMEOUT_MS, runAdmin } from '../../testing/server/admin-cli.js';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';
import { loadConfig } from '../config.js';
import { partnerSettings } from '../partner-settings.js';
import { partnersFor } from '../partners/partners-for-database.js';
import { createProgrammeStore } from '../partners/programme-store.js';

vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS });

const { fresh } = cleanupAfterEach();

const admin = (database: ScratchDatabase, ...args: string[]) => runAdmin(database.env, ...args);

describe.each(TEST_BACKENDS)('the programme commands on %s', (backend) => {
  it('given an older code and a new partner should assign, list, show and disable them', async () => {
    const database = await fresh(backend);
    const { db } = database.opened;
    await db
      .insertInto('partner_daily_signups')
      .values({ partner: 'Radio Ad', day: '2026-12-01', page: '', campaign: '', signups: 4 })
      .execute();
    const store = createProgrammeStore(database.opened);
    await store.reserve({ code: 'ada-shops', email: 'ada@example.ng', website: '@ada', locale: 'yo' }, 3_600_000);

    const assigned = admin(database, 'partners:assign', 'Radio Ad', 'Kemi@Example.ng');
    expect(assigned.code).toBe(0);
    expect(assigned.stdout).toContain('"Radio Ad" is now Kemi@example.ng\'s (an older code');

    const listed = admin(database, 'partners:list', '--csv');
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split(/\r?\n/);
    expect(lines[0]).toBe('code,email,confirmed,created,disabled,signups');
    expect(lines.slice(1).map((line) => [line.split(',')[0], line.split(',')[1], line.split(',').at(-1)])).toEqual([
      ['Radio Ad', 'Kemi@example.ng', '4'],
      ['ada-shops', 'ada@example.ng', '0'],
    ]);
    expect(lines[2]).toContain(',no,');

    const config = loadConfig({ ...database.env, NODE_ENV: 'test', DEMO_DATA: 'off' });
    const partners = await partnersFor(partnerSettings(config), database.opened);
    const link = new URL((await partners.issueLink('Radio Ad')).url).searchParams.get('t')!;
    expect((await partners.read(link)).ok).toBe(true);

    const disabled = admin(database, 'partners:disable', 'Radio Ad');
    expect(disabled.code).toBe(0);
    expect(await partners.read(link)).toEqual({ ok: false, why: 'revoked' });
    const shown = JSON.parse(admin(database, 'partners:show', 'Radio Ad').stdout);
    expect(shown).toMatchObject({ code: 'Radio Ad', email: 'Kemi@example.ng', signups: 4 });
    expect(shown.disabled_at).not.toBeNull();
    expect(await store.linkable('kemi@example.ng')).toEqual([]);

    const unknown = admin(database, 'partners:show', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No partner has the code "nobody".');
  }, 60_000); // five admin processes, each a few seconds on a busy machine
});
