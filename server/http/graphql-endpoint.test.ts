/**
 * A rank lookup's answer carries what an API client uses and nothing a document needs: no CSP, frame
 * or permissions policy, a Content-Length rather than chunks, and at most 600 bytes of headers (the
 * status line and every header line as they cross the wire), whatever the answer.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { serverForTests } from '../../testing/server/test-server.js';
import { GET_STORE_LEADERBOARD_SOURCE } from '../../widgets/shared/documents.js';

const HEADER_BYTES_AT_MOST = 600;

/** One request over a raw connection, as a partner's page sends it: the bytes of the head and the body. */
function exchange(port: number, body: string): Promise<{ head: string; headBytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const whole = Buffer.concat(chunks);
      const end = whole.indexOf('\r\n\r\n');
      resolve({
        head: whole.subarray(0, end).toString('latin1'),
        headBytes: end + 4,
        body: whole.subarray(end + 4).toString('utf8'),
      });
    });
    socket.end(
      [
        'POST /graphql HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Origin: https://radio-lagos.example',
        'Content-Type: application/json',
        'Accept: application/graphql-response+json, application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        '',
        body,
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
