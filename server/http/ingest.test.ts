/** POST /ingest/sales on the server in-process, with a temporary DATA_DIR and the demo stores. */
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { serverForTests, startTestServer, type TestServer } from '../../testing/server/test-server.js';
import { INGEST_MAX_BYTES, tokenMatches } from './ingest.js';

const TOKEN = 'test-ingest-token-0123456789';

/** Holds what an import by another process would: the order's row lock, or SQLite's write lock. */
async function holdWriteLock(server: Pick<TestServer, 'database'>, orderId: string): Promise<() => Promise<void>> {
  const { opened } = server.database;
  if (opened.backend === 'sqlite') {
    // A second connection, as another process: the server's writes wait its busy timeout, then give up.
    const other = new SQLite(opened.file);
    other.exec('BEGIN IMMEDIATE');
    return async () => {
      other.exec('ROLLBACK');
      other.close();
    };
  }
  const client = await opened.pool.connect();
  await client.query('BEGIN');
  await client.query(
    "INSERT INTO sales (order_id, store_id, amount_kobo, status, paid_at) VALUES ($1, 'demo-0003', 500000, 'paid', statement_timestamp())",
    [orderId],
  );
  return async () => {
    await client.query('ROLLBACK');
    client.release();
  };
}
const sale = (order: string, amount: number | string, status = 'paid') =>
  JSON.stringify({ order_id: order, store_id: 'demo-0003', amount, status, paid_at: '2026-12-24T12:00:00+01:00' });

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  function ingest(body: string, authorization: string | null = `Bearer ${TOKEN}`) {
    const headers: Record<string, string> = { 'content-type': 'application/x-ndjson' };
    if (authorization) headers.authorization = authorization;
    return fetch(`${server.base}/ingest/sales`, { method: 'POST', headers, body });
  }

  const tunde = () => server.running.modules.contest.api.contest.lookup('tunde-gadgets-hub');
  const tundeSales = async () =>
    (await server.running.db.selectFrom('sales').select('order_id').where('store_id', '=', 'demo-0003').execute())
      .length;

  const server = serverForTests({ INGEST_TOKEN: TOKEN }, backend);

  describe('POST /ingest/sales', () => {
    it.each([
      ['no Authorization header', null],
      ['a wrong token', 'Bearer not-the-right-token-at-all'],
      ['the token without Bearer', TOKEN],
      ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ])('given %s should answer 401 and apply nothing', async (_, authorization) => {
      const response = await ingest(sale('unauthorised-1', 5000), authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await tundeSales()).toBe(0);
    });

    it('given a body over the size limit should answer 413 and apply nothing', async () => {
      const line = `${sale('big-1', 5000)}\n`;
      const response = await ingest(line.repeat(Math.ceil(INGEST_MAX_BYTES / line.length) + 1));
      expect(response.status).toBe(413);
      expect(await tundeSales()).toBe(0);
    });

    it('given one bad line should answer 422 naming it and apply nothing', async () => {
      const response = await ingest([sale('bad-1', 5000), sale('bad-2', 'lots'), '{not json'].join('\n'));
      expect(response.status).toBe(422);
      expect((await response.json()).errors).toEqual([
        { line: 2, reason: expect.stringContaining('amount must be naira') },
        { line: 3, reason: 'not valid JSON' },
      ]);
      expect(await tundeSales()).toBe(0);
      expect(tunde().rank).toBeNull();
    });

    it('given more bad lines than a 422 lists should name the first 100 and count them all', async () => {
      const lines = Array.from({ length: 250 }, (_, i) => `{"order_id":"x${i}"}`);
      const response = await ingest(lines.join('\n'));
      expect(response.status).toBe(422);
      const body = await response.json();
      expect([body.errorCount, body.errors.length, body.errors[99].line]).toEqual([250, 100, 100]);
    });

    it('given good sales should count them and show them in the next lookup, with no CORS header', async () => {
      const response = await ingest([sale('good-1', 5000), sale('good-1', 5000), sale('good-2', '2500.50')].join('\n'));
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.json()).toEqual({ accepted: 2, duplicates: 1, refunds: 0, outsideWindow: 0, rejected: 0 });
      expect(tunde()).toMatchObject({ totalRevenue: 7500.5, rank: expect.any(Number) });

      const refund = await ingest(sale('good-2', '2500.50', 'refunded'));
      expect(await refund.json()).toMatchObject({ refunds: 1 });
      expect(tunde()).toMatchObject({ totalRevenue: 5000 });
    });

    it.each([
      ['valid sales', (i: number) => sale(`big-batch-${i}`, 100).replace('demo-0003', 'demo-0010'), 200],
      ['bad lines', () => '{"order_id":"x"}', 422],
    ])('given a 10 MB batch of %s being ingested should answer a lookup meanwhile', async (_, line, status) => {
      const parts: string[] = [];
      for (let i = 0, bytes = 0; bytes + 200 < INGEST_MAX_BYTES; i += 1) {
        parts.push(line(i));
        bytes += parts[i]!.length + 1;
      }
      const { services } = server.running;
      const { ingestSales } = services;
      const ingesting = new Promise<void>((resolve) => {
        services.ingestSales = (ndjson) => {
          resolve();
          return ingestSales(ndjson);
        };
      });
      let ingestAnswered = false;
      const answer = ingest(parts.join('\n')).then((response) => {
        ingestAnswered = true;
        return response;
      });
      try {
        await ingesting;
        const lookup = await fetch(`${server.base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ getStoreLeaderboard(query: { domain: "adaeze-fabrics" }) { rank } }' }),
        });
        expect(await lookup.json()).toEqual({ data: { getStoreLeaderboard: { rank: expect.any(Number) } } });
        expect(ingestAnswered).toBe(false);
      } finally {
        services.ingestSales = ingestSales;
      }
      expect((await answer).status).toBe(status);
    });

    it('given a cross-origin preflight should not open CORS', async () => {
      const response = await fetch(`${server.base}/ingest/sales`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.status).toBe(405);
    });

    it('given another writer holding the order past the lock wait should answer 503 with Retry-After and apply nothing', async () => {
      // Another process's import holds the rows (PostgreSQL) or the write lock (SQLite).
      const release = await holdWriteLock(server, 'held-1');
      try {
        const response = await ingest(sale('held-1', 5000));
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('30');
      } finally {
        await release();
      }
      const held = await server.running.db
        .selectFrom('sales')
        .select('order_id')
        .where('order_id', '=', 'held-1')
        .executeTakeFirst();
      expect(held).toBeUndefined();
    });
  });
});

describe('POST /ingest/sales without INGEST_TOKEN', () => {
  it('given no token configured should answer 503 and stay off', async () => {
    const off = await startTestServer({ DEMO_DATA: 'off' });
    try {
      const response = await fetch(`${off.base}/ingest/sales`, {
        method: 'POST',
        headers: { authorization: 'Bearer ' },
        body: sale('off-1', 5000),
      });
      expect(response.status).toBe(503);
    } finally {
      await off.close();
    }
  });

  it('given any header should never match an unset-looking token', () => {
    expect(tokenMatches('Bearer ', TOKEN)).toBe(false);
    expect(tokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
  });
});
