/**
 * The server in-process on a free port, with a real SQLite file in a temporary DATA_DIR and the built
 * site (run `npm run build` first; `npm test` does).
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
let base: string;
let dataDir: string;

async function graphql(query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${base}/graphql`, {
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

beforeAll(async () => {
  server = await startTestServer();
  ({ base, dataDir } = server);
});

afterAll(async () => {
  await server?.close();
});

describe('the HTTP server', () => {
  it('given / should serve the home page with the signup form', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<start-selling-form');
  });

  it('given an unknown path should answer 404 with the not-found page', async () => {
    const response = await fetch(`${base}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404 Page not found');
  });

  it('given /healthz should answer 200 while the database is reachable', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
  });

  it('given a brotli-capable client should serve the widget bundle precompressed', async () => {
    const response = await fetch(`${base}/widgets/kasuwa-widgets.iife.js`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
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
    const result = await graphql('mutation($data: StartSellingInput!) { startSelling(data: $data) { success } }', {
      data: { email: ' Chioma@Example.NG ', source: 'localhost/', ref: 'blogger-1' },
    });
    expect(result.data).toEqual({ startSelling: { success: true } });
    const sqlite = new SQLite(path.join(dataDir, 'kasuwa.sqlite'), { readonly: true });
    const row = sqlite
      .prepare('SELECT email, ref, ip_hash FROM signups WHERE email = ?')
      .get('Chioma@example.ng') as Record<string, string>;
    sqlite.close();
    expect(row).toMatchObject({ email: 'Chioma@example.ng', ref: 'blogger-1' });
    expect(row.ip_hash).not.toContain('127.0.0.1');
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
  });

  it('given an unknown domain should answer STORE_NOT_FOUND', async () => {
    const result = await graphql(query, { domain: 'no-such-store.example' });
    expect(result.errors?.[0]).toMatchObject({
      message: "We couldn't find a store with that domain",
      extensions: { code: 'STORE_NOT_FOUND' },
    });
  });
});
