/**
 * A rank lookup's answer carries what an API client uses and nothing a document needs: no CSP, frame
 * or permissions policy, a Content-Length rather than chunks, and at most 600 bytes of headers (the
 * status line and every header line as they cross the wire), whatever the answer. A lookup sent by its
 * trusted hash over GET may be kept by a cache (docs/scaling.md "A cache in front").
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { GET_STORE_LEADERBOARD_SOURCE, TRUSTED_DOCUMENT_HASHES } from '../../common/trusted-documents.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { serverForTests } from '../../testing/server/test-server.js';

const HEADER_BYTES_AT_MOST = 600;

type Exchanged = { head: string; headBytes: number; body: string; header: (name: string) => string | undefined };

/**
 * One request over a raw connection, as a partner's page sends it: the bytes of the head and the body.
 * A POST of `body`, or a GET of `/graphql?<search>` when `search` is given.
 */
function exchange(port: number, body: string, search?: string, extra: string[] = []): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const whole = Buffer.concat(chunks);
      const end = whole.indexOf('\r\n\r\n');
      const head = whole.subarray(0, end).toString('latin1');
      resolve({
        head,
        headBytes: end + 4,
        body: whole.subarray(end + 4).toString('utf8'),
        header: (name) => new RegExp(`\r\n${name}: ([^\r]*)`, 'i').exec(head)?.[1],
      });
    });
    const request =
      search === undefined
        ? ['POST /graphql HTTP/1.1', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`]
        : [`GET /graphql?${search} HTTP/1.1`];
    socket.end(
      [
        ...request,
        `Host: 127.0.0.1:${port}`,
        'Origin: https://radio-lagos.example',
        'Accept: application/graphql-response+json, application/json',
        ...extra,
        'Connection: close',
        '',
        search === undefined ? body : '',
      ].join('\r\n'),
    );
  });
}

describe.each(TEST_BACKENDS)('/graphql answers on %s', (backend) => {
  const server = serverForTests({}, backend);

  it.each([
    ['a store found', { query: { domain: 'mama-nkechi-kitchen.kasuwa.shop' } }],
    ['an unknown store', { query: { domain: 'no-such-store.example' } }],
    ['a refused input', { query: { domain: '' } }],
  ])('given a lookup of %s should answer with its length and lean headers', async (_case, variables) => {
    const port = Number(new URL(server.base).port);
    const answer = await exchange(port, JSON.stringify({ query: GET_STORE_LEADERBOARD_SOURCE, variables }));
    const names = answer.head
      .split('\r\n')
      .slice(1)
      .map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
    expect(answer.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(answer.body)).toHaveProperty('data');
    expect(names).not.toContain('content-security-policy');
    expect(names).not.toContain('permissions-policy');
    expect(names).not.toContain('cross-origin-opener-policy');
    expect(names).not.toContain('transfer-encoding');
    expect(/\r\ncontent-length: (\d+)/i.exec(answer.head)?.[1]).toBe(String(Buffer.byteLength(answer.body)));
    expect(names).toContain('x-content-type-options');
    expect(answer.headBytes, answer.head).toBeLessThanOrEqual(HEADER_BYTES_AT_MOST);
  });
});

/** A lookup as the widgets send it: the trusted document's hash and the variables, no query text. */
const byHash = (domain: string, hash: string = TRUSTED_DOCUMENT_HASHES.getStoreLeaderboard) =>
  new URLSearchParams({
    operationName: 'GetStoreLeaderboard',
    variables: JSON.stringify({ query: { domain } }),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
  }).toString();

describe.each(TEST_BACKENDS)('/graphql lookups by trusted hash on %s', (backend) => {
  const server = serverForTests({}, backend);
  const port = () => Number(new URL(server.base).port);
  const found = 'mama-nkechi-kitchen.kasuwa.shop';

  it('given a GET of a found store should answer it for a shared cache to keep, with an ETag and lean headers', async () => {
    const answer = await exchange(port(), '', byHash(found));
    expect(answer.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(answer.body).data.getStoreLeaderboard.name).toBeTruthy();
    expect(answer.header('cache-control')).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=60');
    expect(answer.header('etag')).toMatch(/^"[\w-]{20,}"$/);
    expect(answer.header('vary')).toMatch(/\bAccept\b/);
    expect(answer.header('access-control-allow-origin')).toBe('*');
    expect(answer.headBytes, answer.head).toBeLessThanOrEqual(HEADER_BYTES_AT_MOST);
  });

  it('given the same GET with the ETag it was given should answer 304 without a body', async () => {
    const first = await exchange(port(), '', byHash(found));
    const again = await exchange(port(), '', byHash(found), [`If-None-Match: ${first.header('etag')}`]);
    expect(again.head).toMatch(/^HTTP\/1\.1 304 /);
    expect(again.body).toBe('');
    expect(again.header('etag')).toBe(first.header('etag'));
    expect(again.header('cache-control')).toBe(first.header('cache-control'));
  });

  it.each([
    ['an unknown store', byHash('no-such-store.example')],
    ['a refused input', byHash('')],
    ['the signup mutation', byHash('x', TRUSTED_DOCUMENT_HASHES.startSelling)],
  ])('given a GET of %s should answer it for no cache to keep', async (_case, search) => {
    const answer = await exchange(port(), '', search);
    expect(answer.header('cache-control')).toBe('no-store');
    expect(answer.header('etag')).toBeUndefined();
  });

  it("given a hash that is not one of the build's documents should answer PersistedQueryNotFound, so the client sends the text", async () => {
    const answer = await exchange(port(), '', byHash(found, 'f'.repeat(64)));
    expect(answer.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(answer.body).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(answer.header('cache-control')).toBe('no-store');
  });

  it('given a POST with the hash alone should answer as with the text', async () => {
    const extensions = { persistedQuery: { version: 1, sha256Hash: TRUSTED_DOCUMENT_HASHES.getStoreLeaderboard } };
    const variables = { query: { domain: found } };
    const hashed = await exchange(port(), JSON.stringify({ extensions, variables }));
    const whole = await exchange(port(), JSON.stringify({ query: GET_STORE_LEADERBOARD_SOURCE, variables }));
    expect(JSON.parse(hashed.body)).toEqual(JSON.parse(whole.body));
    expect(hashed.header('cache-control')).toBeUndefined();
  });
});

describe('/graphql lookups with RANK_CACHE_SECONDS=0', () => {
  const server = serverForTests({ RANK_CACHE_SECONDS: '0' });

  it('given a GET of a found store should have every cache ask again, by its ETag', async () => {
    const answer = await exchange(Number(new URL(server.base).port), '', byHash('mama-nkechi-kitchen.kasuwa.shop'));
    expect(answer.header('cache-control')).toBe('public, no-cache');
    expect(answer.header('etag')).toBeDefined();
  });
});
