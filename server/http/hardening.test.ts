/**
 * The public API's limits and the site's protective headers, against the server in-process on a free
 * port (run `npm run build` first; `npm test` does).
 */
import net from 'node:net';
import { auditServer } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/server/test-server.js';
import { createHardenedServer, requestLogLine } from './hardened-server.js';
import { contentSecurityPolicy } from './security.js';

const servers: TestServer[] = [];

async function start(env: Record<string, string> = {}) {
  const server = await startTestServer({ DEMO_DATA: 'off', ...env });
  servers.push(server);
  return server.base;
}

let base: string;
beforeAll(async () => {
  base = await start();
});
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function post(body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body,
  });
  return {
    status: response.status,
    json: (await response.json()) as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] },
  };
}

describe('graphql-http audit', () => {
  it('given the /graphql endpoint should pass every MUST and SHOULD of GraphQL over HTTP', async () => {
    const results = await auditServer({ url: `${base}/graphql` });
    const failures = results
      .filter((result) => result.status !== 'ok' && !result.name.startsWith('MAY'))
      .map((result) => `${result.name}: ${'reason' in result ? result.reason : ''}`);
    expect(failures).toEqual([]);
    expect(results.length).toBeGreaterThan(20);
  });
});

describe('GraphQL limits', () => {
  it('given a body over 16 KB should answer 413', async () => {
    const { status, json } = await post(JSON.stringify({ query: `{ __typename }${' '.repeat(17_000)}` }));
    expect(status).toBe(413);
    expect(json.errors?.[0]?.message).toMatch(/larger than 16384 bytes/);
  });

  it('given a streamed body over 16 KB without a length should answer 413', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(4096));
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('given a batch (a JSON array) should answer 400 saying batching is not supported', async () => {
    const { status, json } = await post(JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }]));
    expect(status).toBe(400);
    expect(json.errors?.[0]?.message).toBe('Batched requests are not supported: send one operation per request.');
  });

  it('given more than 1000 tokens should answer QUERY_TOO_LARGE', async () => {
    const { json } = await post(JSON.stringify({ query: `{ ${'__typename '.repeat(1100)}}` }));
    expect(json.data).toBeUndefined();
    expect(json.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_LARGE' });
  });

  it('given a query nested deeper than 8 levels should answer QUERY_TOO_DEEP', async () => {
    const levels = ['__schema', 'types', 'fields', 'type', 'ofType', 'ofType', 'ofType', 'ofType', 'ofType'];
    const query = `{ ${levels.join(' { ')} { name ${' }'.repeat(levels.length)} }`;
    const { json } = await post(JSON.stringify({ query }));
    expect(json.errors?.map((error) => error.extensions?.code)).toContain('QUERY_TOO_DEEP');
  });

  it('given fragments that nest deep should count through them', async () => {
    const query = `{ ...A } fragment A on Query { __schema { types { ...B } } }
      fragment B on __Type { fields { type { ofType { ofType { ofType { ofType { name } } } } } } }`;
    const { json } = await post(JSON.stringify({ query }));
    expect(json.errors?.[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_DEEP' } });
  });

  it('given more than 10 aliases should answer TOO_MANY_ALIASES', async () => {
    const fields = Array.from({ length: 11 }, (_, i) => `a${i}: __typename`).join(' ');
    const { json } = await post(JSON.stringify({ query: `{ ${fields} }` }));
    expect(json.errors?.[0]).toMatchObject({
      message: 'The query uses too many aliases: at most 10 are allowed.',
      extensions: { code: 'TOO_MANY_ALIASES' },
    });
  });

  it('given a mutation over GET should answer 405', async () => {
    const query = encodeURIComponent('mutation { startSelling(data: { email: "a@b.ng" }) { success } }');
    const response = await fetch(`${base}/graphql?query=${query}`, {
      headers: { accept: 'application/graphql-response+json' },
    });
    expect(response.status).toBe(405);
  });

  it('given development mode should allow introspection, and production should refuse it', async () => {
    const introspect = JSON.stringify({ query: '{ __schema { queryType { name } } }' });
    expect((await post(introspect)).json.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const production = await start({ NODE_ENV: 'production' });
    const response = await fetch(`${production}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __type(name: "Query") { name } }' }),
    });
    const json = (await response.json()) as { errors?: { message: string }[] };
    expect(json.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it('given a misspelt field in production should name it without suggesting the real one', async () => {
    const query = JSON.stringify({ query: '{ getStoreLeaderboard(query: { domain: "x" }) { rnak } }' });
    expect((await post(query)).json.errors?.[0]?.message).toContain('Did you mean "rank"?');
    const production = await start({ NODE_ENV: 'production' });
    const response = await fetch(`${production}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: query,
    });
    const json = (await response.json()) as { errors?: { message: string }[] };
    expect(json.errors?.[0]?.message).toBe('Cannot query field "rnak" on type "StoreLeaderboard".');
  });
});

describe('CORS', () => {
  it('given a preflight to /graphql should allow any origin without credentials and cache it for 2 hours', async () => {
    const response = await fetch(`${base}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-max-age')).toBe('7200');
    const { status, headers } = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { origin: 'https://partner.example', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe('*');
  });

  it('given CORS_ORIGINS should allow only the listed origins', async () => {
    const limited = await start({ CORS_ORIGINS: 'https://blog.example' });
    const preflight = (origin: string) =>
      fetch(`${limited}/graphql`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    expect((await preflight('https://blog.example')).headers.get('access-control-allow-origin')).toBe(
      'https://blog.example',
    );
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('given /ingest/sales should never answer with CORS headers', async () => {
    for (const method of ['OPTIONS', 'POST']) {
      const response = await fetch(`${base}/ingest/sales`, {
        method,
        headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('site headers', () => {
  it('given the home page should send a strict CSP and the protective headers', async () => {
    const response = await fetch(`${base}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    // Our own files alone: no inline script is allowed, by hash or otherwise.
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('given an https PUBLIC_URL should send HSTS', async () => {
    const secure = await start({ PUBLIC_URL: 'https://kasuwa.shop' });
    const response = await fetch(`${secure}/`);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('given analytics, pixel and chat IDs should allow exactly their hosts', () => {
    const none = contentSecurityPolicy({
      analytics: { gaId: undefined, pixelId: undefined, chatId: undefined },
    } as never);
    expect(none).not.toMatch(/google|facebook|tawk/);
    const all = contentSecurityPolicy({ analytics: { gaId: 'G-1', pixelId: '1', chatId: 'x/y' } } as never);
    expect(all).toMatch(
      /script-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/connect\.facebook\.net https:\/\/embed\.tawk\.to/,
    );
    expect(all).not.toContain('unsafe-inline');
  });
});

describe('HTTP behaviour', () => {
  it('given a client that never finishes its headers should close the connection after the timeout', async () => {
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);

  it('given a request URL with an e-mail and a query string should log neither', () => {
    const line = JSON.parse(
      requestLogLine({
        method: 'POST',
        url: '/start-selling/ada@example.com?email=ada%40example.com',
        status: 200,
        ms: 1.234,
      }),
    );
    expect(line).toMatchObject({
      msg: 'request',
      method: 'POST',
      path: '/start-selling/[redacted]',
      status: 200,
      ms: 1.2,
    });
    expect(JSON.stringify(line)).not.toContain('example.com');
  });

  it('given a request URL with a phone number in a segment should log the segment masked, the rest as is', () => {
    const line = JSON.parse(requestLogLine({ method: 'GET', url: '/call/+2348031234567/now', status: 404, ms: 1 }));
    expect(line.path).toBe('/call/[redacted]/now');
  });
});

describe('the status each request is logged with', () => {
  /**
   * A server that answers as the static files do: a body of known length, streamed, whose end comes a
   * moment after its last byte (the file stream's 'end' event), logging each request's status.
   */
  async function streaming(): Promise<{ port: number; statuses: number[]; close(): void }> {
    const statuses: number[] = [];
    const server = createHardenedServer(
      (_req, res) => {
        res.writeHead(404, { 'content-length': '2115', 'content-type': 'text/html' });
        res.write(Buffer.alloc(2115, 'a'));
        setTimeout(() => res.end(), 50);
      },
      (line) => statuses.push(JSON.parse(line).status),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as net.AddressInfo).port, statuses, close: () => server.close() };
  }

  /** What curl does: read the headers and the whole body it was promised, then hang up at once. */
  function readAllThenHangUp(port: number): Promise<void> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /nope HTTP/1.1\r\nHost: x\r\n\r\n'));
      let received = Buffer.alloc(0);
      socket.on('data', (chunk) => {
        received = Buffer.concat([received, chunk]);
        const headerEnd = received.indexOf('\r\n\r\n');
        if (headerEnd !== -1 && received.length - headerEnd - 4 >= 2115) {
          socket.destroy();
          resolve();
        }
      });
    });
  }

  it('given clients that read the whole answer and hang up at once should log every one with its status', async () => {
    const server = await streaming();
    for (let i = 0; i < 20; i += 1) await readAllThenHangUp(server.port);
    await expect.poll(() => server.statuses.length).toBe(20);
    server.close();
    expect(server.statuses).toEqual(Array(20).fill(404));
  });

  it('given a client that hangs up before any answer should log status 0', async () => {
    const statuses: number[] = [];
    const server = createHardenedServer(
      () => {},
      (line) => statuses.push(JSON.parse(line).status),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1', () =>
      socket.end('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n', () => socket.destroy()),
    );
    await expect.poll(() => statuses).toEqual([0]);
    server.close();
  });
});
