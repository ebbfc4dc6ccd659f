/**
 * The server in-process on a free port, on a fresh SQLite file and a fresh PostgreSQL database. Answers
 * that need the built site and widgets are in static-files.built.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { START_SELLING } from '../../testing/server/start-selling.js';
import { serverForTests } from '../../testing/server/test-server.js';

/** Each backend's answer for one demo store: the demo data is deterministic, so they must agree. */
const demoAnswers = new Map<string, unknown>();

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  async function graphql(query: string, variables?: Record<string, unknown>) {
    const response = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    if (!text) throw new Error(`empty ${response.status}`);
    return JSON.parse(text) as {
      data?: Record<string, unknown> | null;
      errors?: { message: string; extensions: { code: string } }[];
    };
  }

  const server = serverForTests({}, backend);

  describe('the HTTP server', () => {
    it('given /healthz should answer 200 while the database is reachable', async () => {
      const response = await fetch(`${server.base}/healthz`);
      expect(response.status).toBe(200);
    });
  });

  describe('startSelling', () => {
    it('given an invalid address should answer BAD_USER_INPUT "Invalid email address"', async () => {
      const result = await graphql('mutation { startSelling(data: { email: "not-an-email" }) { success } }');
      expect(result.errors?.[0]).toMatchObject({
        message: 'Invalid email address',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it('given a valid address should answer success and store the row on disk', async () => {
      const result = await graphql(START_SELLING, {
        data: { email: ' Chioma@Example.NG ', source: 'localhost/', ref: 'blogger-1' },
      });
      expect(result.data).toEqual({ startSelling: { success: true } });
      const row = await server.database.opened.db
        .selectFrom('signups')
        .select(['email', 'partner', 'ip_hash'])
        .where('email', '=', 'Chioma@example.ng')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: 'Chioma@example.ng', partner: 'blogger-1' });
      expect(row.ip_hash).not.toContain('127.0.0.1');
    });

    it('given a partner code in partner (the field frameworks can pass) should store it with the signup', async () => {
      const result = await graphql(START_SELLING, {
        data: { email: 'tolu@example.ng', source: 'localhost/', partner: 'vue-blog' },
      });
      expect(result.data).toEqual({ startSelling: { success: true } });
      const row = await server.database.opened.db
        .selectFrom('signups')
        .selectAll()
        .where('email', '=', 'tolu@example.ng')
        .executeTakeFirstOrThrow();
      // Whatever the column is called, the row carries the code.
      expect(Object.values(row)).toContain('vue-blog');
    });
  });

  describe('getStoreLeaderboard', () => {
    const query = `query($domain: String!) { getStoreLeaderboard(query: { domain: $domain }) {
      storeId name logo rank totalRevenue winningRevenue revenueToWin } }`;

    it('given a demo domain typed as a URL should return all seven fields', async () => {
      const result = await graphql(query, { domain: 'https://www.Mama-Nkechi-Kitchen.kasuwa.shop/shop' });
      const entry = result.data?.getStoreLeaderboard as Record<string, unknown>;
      expect(Object.keys(entry).sort()).toEqual([
        'logo',
        'name',
        'rank',
        'revenueToWin',
        'storeId',
        'totalRevenue',
        'winningRevenue',
      ]);
      expect(entry).toMatchObject({ storeId: 'demo-0002', name: 'Mama Nkechi Kitchen' });
      expect(entry.rank).toBeGreaterThan(1);
      expect(entry.revenueToWin).toBe(Math.max(0, (entry.winningRevenue as number) - (entry.totalRevenue as number)));
      demoAnswers.set(backend, entry);
    });

    it('given an unknown domain should answer STORE_NOT_FOUND', async () => {
      const result = await graphql(query, { domain: 'no-such-store.example' });
      expect(result.errors?.[0]).toMatchObject({
        message: "We couldn't find a store with that domain",
        extensions: { code: 'STORE_NOT_FOUND' },
      });
    });
  });
});

describe('both backends', () => {
  it('given the same demo store should answer the same on SQLite and PostgreSQL', () => {
    expect(demoAnswers.size).toBe(TEST_BACKENDS.length);
    expect(demoAnswers.get('postgres')).toEqual(demoAnswers.get('sqlite'));
  });
});
