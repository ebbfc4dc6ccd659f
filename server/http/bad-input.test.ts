/**
 * Thousands of generated bad requests (deterministic seed) to every route that takes input: the server
 * must answer each with a 4xx or a GraphQL error, never a 5xx or a dropped connection, stay up, and
 * keep only valid rows. Routes another branch adds (/start-selling, /ingest/sales) answer 404 until
 * then, which still has to hold.
 */
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkEmail } from '../../common/email.js';
import { seededRandom } from '../demo-data.js';
import { startTestServer, type TestServer } from './test-server.js';

const TOKEN = 'bad-input-test-token-0123456789';
const TOTAL = 5_200;
const RAW = 100;

let server: TestServer;
let running: TestServer['running'];
let base: string;
let dataDir: string;

beforeAll(async () => {
  server = await startTestServer({ INGEST_TOKEN: TOKEN });
  ({ running, base, dataDir } = server);
});

afterAll(async () => {
  await server?.close();
});

/** The demo data's seeded generator, with the helpers these inputs need. */
function random(seed: number) {
  const next = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(256));
  return { next, int, pick, bytes };
}

const rng = random(20261121);

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  "'; DROP TABLE signups;--",
  "x' OR '1'='1",
  "admin'--@example.com",
  '" OR 1=1 --@example.com',
  'a@b.c; DELETE FROM sales',
  'a@b',
  '@example.com',
  'a@@example.com',
  'a b@example.com',
  'Ωmega@例え.jp',
  'emoji😀@example.com',
  '\u202eevil@example.com',
  'zero\u200bwidth@example.com',
  '\ud800@example.com',
  'a'.repeat(300),
  `${'a'.repeat(250)}@example.com`,
  'https://www.example.com/../../etc/passwd',
  'xn--',
  '..',
  '%00',
  '<script>alert(1)</script>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell-shaped string on purpose
  '${jndi:ldap://x}',
  'null',
  'undefined',
  '-1',
  '1e309',
] as const;

const WEIRD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  false,
  [],
  {},
  [1, 2],
  { email: 'a@b.ng' },
  'x'.repeat(20_000),
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/graphql-response+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/xml',
  'application/x-ndjson',
  '',
  'garbage/\u00ff',
];

const value = () => (rng.next() < 0.6 ? rng.pick(NASTY_STRINGS) : rng.pick(WEIRD_VALUES));

/** encodeURIComponent refuses lone surrogates; the server gets U+FFFD instead. */
const uri = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));

function deepQuery(levels: number) {
  return `{ ${'getStoreLeaderboard(query: { domain: "x" }) { '.repeat(levels)}${'} '.repeat(levels)}}`;
}

function wideQuery(fields: number) {
  return `{ ${Array.from({ length: fields }, (_, i) => `a${i}: __typename`).join(' ')} }`;
}

type Bad = {
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  kind: string;
};

function graphqlRequest(): Bad {
  const json = { 'content-type': 'application/json', accept: 'application/graphql-response+json' };
  switch (rng.int(12)) {
    case 0:
      return { kind: 'random bytes', path: '/graphql', method: 'POST', headers: json, body: rng.bytes(rng.int(4000)) };
    case 1: {
      const text = JSON.stringify({ query: '{ __typename }', variables: { a: value() } });
      return {
        kind: 'broken JSON',
        path: '/graphql',
        method: 'POST',
        headers: json,
        body: text.slice(0, rng.int(text.length)),
      };
    }
    case 2:
      return {
        kind: 'wrong types',
        path: '/graphql',
        method: 'POST',
        headers: json,
        body: JSON.stringify({ query: value(), variables: value(), operationName: value(), extensions: value() }),
      };
    case 3:
      return {
        kind: 'bad signup input',
        path: '/graphql',
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          query: 'mutation($data: StartSellingInput!) { startSelling(data: $data) { success } }',
          variables: { data: { email: value(), source: value(), ref: value(), website: value() } },
        }),
      };
    case 4:
      return {
        kind: 'bad domain',
        path: '/graphql',
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          query: 'query($q: StoreLeaderboardInput!) { getStoreLeaderboard(query: $q) { rank totalRevenue } }',
          variables: { q: { domain: value() } },
        }),
      };
    case 5:
      return {
        kind: 'deep query',
        path: '/graphql',
        method: 'POST',
        headers: json,
        body: JSON.stringify({ query: deepQuery(5 + rng.int(200)) }),
      };
    case 6:
      return {
        kind: 'wide query',
        path: '/graphql',
        method: 'POST',
        headers: json,
        body: JSON.stringify({ query: wideQuery(5 + rng.int(1500)) }),
      };
    case 7:
      return {
        kind: 'batch',
        path: '/graphql',
        method: 'POST',
        headers: json,
        body: JSON.stringify(Array.from({ length: 1 + rng.int(50) }, () => ({ query: '{ __typename }' }))),
      };
    case 8:
      return {
        kind: 'wrong content type',
        path: '/graphql',
        method: 'POST',
        headers: {
          'content-type': rng.pick(CONTENT_TYPES),
          accept: rng.pick(['*/*', 'text/html', 'application/json']),
        },
        body: JSON.stringify({ query: '{ __typename }' }),
      };
    case 9:
      return {
        kind: 'bad method',
        path: `/graphql?query=${uri(String(value()))}`,
        method: rng.pick(['GET', 'PUT', 'DELETE', 'PATCH', 'HEAD']),
        headers: { accept: 'application/json' },
      };
    case 10:
      return {
        kind: 'huge body',
        path: '/graphql',
        method: 'POST',
        headers: json,
        body: JSON.stringify({ query: `{ __typename } #${'x'.repeat(16_000 + rng.int(50_000))}` }),
      };
    default: {
      const mutation = uri(
        `mutation { startSelling(data: { email: ${JSON.stringify(String(value()))} }) { success } }`,
      );
      return {
        kind: 'mutation over GET',
        path: `/graphql?query=${mutation}`,
        method: 'GET',
        headers: { accept: 'application/json' },
      };
    }
  }
}

function startSellingRequest(): Bad {
  const form = new URLSearchParams();
  for (let i = rng.int(4); i >= 0; i--)
    form.append(rng.pick(['email', 'source', 'ref', 'website', 'x']), String(value()));
  switch (rng.int(4)) {
    case 0:
      return {
        kind: 'form',
        path: '/start-selling',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      };
    case 1:
      return {
        kind: 'form random bytes',
        path: '/start-selling',
        method: 'POST',
        headers: { 'content-type': rng.pick(CONTENT_TYPES) },
        body: rng.bytes(rng.int(30_000)),
      };
    case 2:
      return {
        kind: 'form bad method',
        path: `/start-selling?${form}`,
        method: rng.pick(['GET', 'PUT', 'DELETE', 'PATCH']),
        headers: {},
      };
    default:
      return {
        kind: 'form huge',
        path: '/start-selling',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `email=${'a'.repeat(20_000 + rng.int(40_000))}%40example.com`,
      };
  }
}

function ingestRequest(): Bad {
  const line = () =>
    JSON.stringify({ order_id: value(), store_id: value(), amount: value(), status: value(), paid_at: value() });
  const lines = Array.from({ length: 1 + rng.int(20) }, () =>
    rng.next() < 0.2 ? line().slice(0, rng.int(40)) : line(),
  ).join('\n');
  const auth = rng.pick([
    `Bearer ${TOKEN}`,
    `Bearer ${TOKEN}`,
    'Bearer wrong-token-0000000000',
    '',
    'Basic xyz',
    TOKEN,
  ]);
  return {
    kind: 'ingest',
    path: '/ingest/sales',
    method: rng.pick(['POST', 'POST', 'POST', 'GET', 'PUT']),
    headers: {
      'content-type': rng.pick(['application/x-ndjson', 'application/json', 'text/plain', '']),
      ...(auth ? { authorization: auth } : {}),
    },
    body: rng.next() < 0.1 ? rng.bytes(rng.int(5000)) : lines,
  };
}

type Outcome = { kind: string; path: string; status: number; dropped?: string; body: string };

async function send(bad: Bad): Promise<Outcome> {
  const where = bad.path.split('?')[0] ?? bad.path;
  try {
    const response = await fetch(base + bad.path, {
      method: bad.method,
      headers: bad.headers,
      body: bad.method === 'GET' || bad.method === 'HEAD' ? undefined : bad.body,
    });
    return { kind: bad.kind, path: where, status: response.status, body: await response.text() };
  } catch (error) {
    return { kind: bad.kind, path: where, status: 0, dropped: String((error as Error).cause ?? error), body: '' };
  }
}

function rawRequest(): Promise<string> {
  const garbage = rng.bytes(10 + rng.int(500));
  return new Promise((resolve) => {
    const socket = net.connect(running.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
    socket.write(Buffer.concat([garbage, Buffer.from('\r\n\r\n')]));
    setTimeout(() => socket.destroy(), 3000);
  });
}

it('given 5,000+ generated bad requests should answer each with a 4xx or a GraphQL error and keep only valid rows', async () => {
  const requests: Bad[] = Array.from({ length: TOTAL }, () => {
    const roll = rng.next();
    return roll < 0.6 ? graphqlRequest() : roll < 0.8 ? startSellingRequest() : ingestRequest();
  });
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < requests.length) {
        const bad = requests[next++] as Bad;
        outcomes.push(await send(bad));
      }
    }),
  );

  const wrong = outcomes.filter((outcome) => {
    if (outcome.status === 0 || outcome.status >= 500) return true;
    if (outcome.path === '/graphql' && outcome.status === 200) {
      // HTTP 200 is acceptable for valid GraphQL with bad input only with a GraphQL error in the body
      // (or the rare generated value that is actually a valid address or a store).
      const json = JSON.parse(outcome.body) as { data?: unknown; errors?: unknown[] };
      return !(json.errors?.length || json.data);
    }
    return outcome.status < 400 && outcome.path !== '/start-selling' && outcome.path !== '/ingest/sales';
  });
  expect(outcomes).toHaveLength(TOTAL);
  const summary = new Map<string, string>();
  for (const { kind, path, status, dropped, body } of wrong) {
    summary.set(`${path} ${kind} ${status}`, dropped ?? body.slice(0, 200));
  }
  expect(Object.fromEntries(summary)).toEqual({});

  const raw = await Promise.all(Array.from({ length: RAW }, rawRequest));
  expect(raw.filter((answer) => answer !== '' && !/^HTTP\/1\.1 4\d\d/.test(answer))).toEqual([]);

  expect((await fetch(`${base}/healthz`)).status).toBe(200);

  const sqlite = new SQLite(path.join(dataDir, 'kasuwa.sqlite'), { readonly: true });
  const emails = sqlite.prepare('SELECT email FROM signups').pluck().all() as string[];
  const recipients = sqlite.prepare('SELECT recipient FROM outbox').pluck().all() as string[];
  const sales = sqlite.prepare('SELECT amount_kobo, status, paid_at FROM sales').all() as {
    amount_kobo: number;
    status: string;
    paid_at: string;
  }[];
  sqlite.close();
  for (const email of [...emails, ...recipients]) {
    expect(checkEmail(email), email).toEqual({ ok: true, email });
  }
  for (const sale of sales) {
    expect(Number.isInteger(sale.amount_kobo) && sale.amount_kobo >= 0, JSON.stringify(sale)).toBe(true);
    expect(['paid', 'refunded']).toContain(sale.status);
    expect(Number.isNaN(Date.parse(sale.paid_at))).toBe(false);
  }
}, 60_000);
