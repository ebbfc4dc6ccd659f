/**
 * The partner programme's retention on SQLite and PostgreSQL (docs/partners.md, "Joining"): a server
 * deletes the reservations never confirmed UNCONFIRMED_KEPT_DAYS after they were made, once a day, and
 * keeps younger ones and every confirmed partner.
 */
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';
import { startTestServerOn } from '../../testing/server/test-server.js';
import { eraseUnconfirmedPartnersDaily, UNCONFIRMED_KEPT_DAYS } from './retention.js';

const { defer, fresh } = cleanupAfterEach();
const DAY_MS = 86_400_000;
const daysBefore = (at: string, days: number) => new Date(Date.parse(at) - days * DAY_MS).toISOString();

async function reservations(database: ScratchDatabase, at: string) {
  const row = (code: string, createdDaysAgo: number, confirmed: boolean) => ({
    code,
    email: `${code}@example.ng`,
    inbox_key: `${code}@example.ng`,
    website: `@${code}`,
    locale: 'en',
    created_at: daysBefore(at, createdDaysAgo),
    confirmed_at: confirmed ? daysBefore(at, createdDaysAgo - 1) : null,
    disabled_at: null,
  });
  await database.opened.db
    .insertInto('partners')
    .values([
      row('never-confirmed', UNCONFIRMED_KEPT_DAYS + 1, false),
      row('asked-last-week', 7, false),
      row('confirmed-long-ago', 400, true),
    ])
    .execute();
}
const codes = async (database: ScratchDatabase) =>
  (await database.opened.db.selectFrom('partners').select('code').orderBy('code').execute()).map((r) => r.code);

describe.each(TEST_BACKENDS)('unconfirmed partners on %s', (backend) => {
  it(`given a reservation never confirmed for ${UNCONFIRMED_KEPT_DAYS} days should delete it once a day, and keep the younger and the confirmed`, async () => {
    const database = await fresh(backend);
    const at = '2027-03-01T09:00:00.000Z';
    await reservations(database, at);
    const run = await eraseUnconfirmedPartnersDaily(database.opened, { at });
    expect(run).toEqual({
      ran: true,
      erasedBefore: daysBefore(at, UNCONFIRMED_KEPT_DAYS),
      erased: 1,
      interrupted: false,
    });
    expect(await codes(database)).toEqual(['asked-last-week', 'confirmed-long-ago']);
    expect(await eraseUnconfirmedPartnersDaily(database.opened, { at })).toEqual({ ran: false, why: 'done recently' });
  });

  it('given a server started on the database should run it by itself', async () => {
    const database = await fresh(backend);
    await reservations(database, new Date().toISOString());
    const server = await startTestServerOn(database.env);
    defer(() => server.close());
    await expect.poll(() => codes(database), { timeout: 10_000 }).toEqual(['asked-last-week', 'confirmed-long-ago']);
  });
});
