/**
 * The amount limits (docs/contest.md, "Amount limits") as the platform and an operator meet them: an
 * order over ₦100,000,000 or one taking a store past ₦1,000,000,000,000 is refused with its line named,
 * over HTTP and by the CLI; a store filled near its maximum shows the database's exact sum everywhere.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEST_TIMEOUT_MS, runAdminAsync } from '../../testing/server/admin-cli.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { startTestServer, type TestServer } from '../../testing/server/test-server.js';
import { parseStoresCsv } from './parse.js';
import { contestStorageFor } from './storage-for-database.js';

vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS });

const TOKEN = 'test-ingest-token-0123456789';
const PAID_AT = '2026-12-24T12:00:00+01:00';
const sale = (order: string, store: string, amount: string) =>
  JSON.stringify({ order_id: order, store_id: store, amount, status: 'paid', paid_at: PAID_AT });
const salesOf = (store: string, prefix: string, count: number, amount: string) =>
  Array.from({ length: count }, (_, i) => sale(`${prefix}-${i}`, store, amount));

/** Kobo (as the database's text) as naira: plain with two decimals, grouped with ₦, and as a JSON number prints. */
function naira(koboText: string) {
  const kobo = BigInt(koboText);
  const plain = `${kobo / 100n}.${String(kobo % 100n).padStart(2, '0')}`;
  return {
    plain,
    grouped: `₦${String(kobo / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${plain.slice(-2)}`,
    json: plain.replace(/\.?0+$/, ''),
  };
}

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer({ INGEST_TOKEN: TOKEN, DEMO_DATA: 'off' }, backend);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-limits-'));
    await contestStorageFor(server.database.opened).importStores(
      parseStoresCsv('store_id,name,domain,logo_url\nbig,Big,big,\nfull,Full,full,\ncapped,Capped,capped,\n'),
    );
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ingest = (lines: string[]) =>
    fetch(`${server.base}/ingest/sales`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: lines.join('\n'),
    });

  /**
   * Asynchronous on purpose: the server runs in this process, and a blocking spawnSync of several seconds
   * let its idle keep-alive sockets time out under the next test's fetch (ECONNRESET under load).
   */
  const admin = (...args: string[]) => runAdminAsync(server.database.env, ...args);

  function salesFile(name: string, rows: string[]): string {
    const file = path.join(dir, name);
    fs.writeFileSync(file, ['order_id,store_id,amount,status,paid_at', ...rows].join('\n'));
    return file;
  }

  const text = async (query: RawBuilder<{ value: string | null }>) =>
    (await query.execute(server.database.opened.db)).rows[0]?.value ?? null;
  const recordedSales = (store: string) =>
    text(sql`SELECT CAST(COUNT(*) AS TEXT) AS value FROM sales WHERE store_id = ${store}`);

  it('given an order over ₦100,000,000 should answer 422 naming its line, and apply nothing', async () => {
    const response = await ingest([
      sale('cap-1', 'capped', '100000000.00'),
      sale('cap-2', 'capped', '100000000.01'),
      sale('cap-3', 'capped', '999999999999.99'),
    ]);
    expect(response.status).toBe(422);
    const refusal = 'amount must be at most ₦100,000,000 per order (docs/contest.md, Amount limits)';
    expect((await response.json()).errors).toEqual([
      { line: 2, reason: refusal },
      { line: 3, reason: refusal },
    ]);
    expect(await recordedSales('capped')).toBe('0');
  });

  it('given a sales file with an order over ₦100,000,000 should exit 1 naming its line, and apply nothing', async () => {
    const file = salesFile('over-cap.csv', [
      `cap-4,capped,99999999.99,paid,${PAID_AT}`,
      `cap-5,capped,1e12,paid,${PAID_AT}`,
      `cap-6,capped,123456789012,paid,${PAID_AT}`,
    ]);
    const result = await admin('sales:import', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}:3: amount must be naira`);
    expect(result.stderr).toContain(`${file}:4: amount must be at most ₦100,000,000 per order`);
    expect(result.stderr).not.toContain(`${file}:2:`);
    expect(result.stdout).toBe('');
  });

  it('given the largest orders intake takes, every output should show the database’s exact sum to the kobo', async () => {
    // The twelve-digit orders a store could once send (100 × ₦999,999,999,999.99 + ₦0.01), then a store
    // filled with orders just under the cap to 99.99% of its maximum, ending in odd kobo.
    await ingest([...salesOf('big', 'huge', 100, '999999999999.99'), sale('huge-small', 'big', '0.01')]);
    await ingest([...salesOf('big', 'near', 9_999, '99999999.99'), sale('near-small', 'big', '0.01')]);

    const sum = await text(
      sql`SELECT CAST(SUM(amount_kobo) AS TEXT) AS value FROM sales WHERE store_id = 'big' AND status = 'paid'`,
    );
    const expected = naira(sum as string);
    const stored = await text(
      sql`SELECT CAST(revenue_kobo AS TEXT) AS value FROM contest_standings WHERE store_id = 'big'`,
    );
    expect(stored).toBe(sum);
    expect(String(server.running.services.getStoreLeaderboard('big').totalRevenue)).toBe(expected.json);
    const graphql = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ getStoreLeaderboard(query: { domain: "big" }) { totalRevenue } }' }),
    });
    expect(await graphql.text()).toBe(`{"data":{"getStoreLeaderboard":{"totalRevenue":${expected.json}}}}`);

    const table = await admin('contest:standings', '--top', '1');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(
      new RegExp(`\\n\\s+1\\s+big\\s+Big\\s+big\\.kasuwa\\.shop\\s+${expected.grouped}\\s+10000\\s`),
    );
    const csv = await admin('contest:standings', '--top', '1', '--format', 'csv');
    expect(csv.stdout.split('\r\n')[1]).toBe(`1,no,big,Big,big.kasuwa.shop,${expected.plain},10000,0,300000,1,`);
    // Only the second batch is in: 9,999 × ₦99,999,999.99 + ₦0.01.
    expect(sum).toBe('99989999990002');
  });

  it('given orders taking a store past ₦1,000,000,000,000 should refuse the line that passes it, over HTTP and by the CLI', async () => {
    expect((await ingest(salesOf('full', 'full', 9_999, '100000000'))).status).toBe(200); // ₦999,900,000,000
    const response = await ingest([sale('full-a', 'full', '99999999.99'), sale('full-b', 'full', '0.02')]);
    expect(response.status).toBe(422);
    const refusal =
      'order would take the orders recorded for store full past ₦1,000,000,000,000 together, the most one store may record';
    expect((await response.json()).errors).toEqual([{ line: 2, reason: expect.stringContaining(refusal) }]);

    const over = salesFile('over-store.csv', [
      `full-c,full,99999999.99,paid,${PAID_AT}`,
      `full-d,full,0.02,refunded,${PAID_AT}`,
    ]);
    const refused = await admin('sales:import', over);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${over}:3: ${refusal}`);
    expect(await recordedSales('full')).toBe('9999');

    // Up to the maximum itself is accepted, and shown to the kobo.
    const upTo = salesFile('up-to.csv', [
      `full-e,full,99999999.99,paid,${PAID_AT}`,
      `full-f,full,0.01,paid,${PAID_AT}`,
    ]);
    expect((await admin('sales:import', upTo)).code).toBe(0);
    expect((await admin('contest:standings', '--top', '2')).stdout).toMatch(
      /\s+full\s+Full\s+full\.kasuwa\.shop\s+₦1,000,000,000,000\.00\s/,
    );
  });
});
