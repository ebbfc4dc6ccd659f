/**
 * The generated bad requests of server/http/bad-input.test.ts (deterministic seed): each carries the
 * statuses its route owes it.
 */
import { seededRandom } from '../../server/demo-data.js';
import { START_SELLING } from './start-selling.js';

export const TOKEN = 'bad-input-test-token-0123456789';

/** The demo data's seeded generator, with the helpers these inputs need. */
function random(seed: number) {
  const next = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(256));
  return { next, int, pick, bytes };
}

export const rng = random(20261121);

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

/** Body over the 16 KB limit; request line and headers over theirs (a long query string). */
const TOO_LARGE = 413;
const HEADERS_TOO_LARGE = 431;

export type Bad = {
  /** Every status this route may answer this request with; anything else is a failure. */
  owes: readonly number[];
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  kind: string;
};

const json = { 'content-type': 'application/json', accept: 'application/graphql-response+json' };

/** A JSON POST to /graphql, the shape of most of these. */
const postJson = (kind: string, owes: readonly number[], body: Bad['body']): Bad => ({
  kind,
  owes,
  path: '/graphql',
  method: 'POST',
  headers: json,
  body,
});

export function graphqlRequest(): Bad {
  switch (rng.int(12)) {
    case 0:
      return postJson('random bytes', [400], rng.bytes(rng.int(4000)));
    case 1: {
      const text = JSON.stringify({ query: '{ __typename }', variables: { a: value() } });
      return postJson('broken JSON', [400, TOO_LARGE], text.slice(0, rng.int(text.length)));
    }
    case 2:
      return postJson(
        'wrong types',
        [400, TOO_LARGE],
        JSON.stringify({ query: value(), variables: value(), operationName: value(), extensions: value() }),
      );
    case 3:
      return postJson(
        'bad signup input',
        [200, TOO_LARGE],
        JSON.stringify({
          query: START_SELLING,
          variables: { data: { email: value(), source: value(), ref: value(), website: value() } },
        }),
      );
    case 4:
      return postJson(
        'bad domain',
        [200, TOO_LARGE],
        JSON.stringify({
          query: 'query($q: StoreLeaderboardInput!) { getStoreLeaderboard(query: $q) { rank totalRevenue } }',
          variables: { q: { domain: value() } },
        }),
      );
    case 5:
      return postJson('deep query', [400], JSON.stringify({ query: deepQuery(5 + rng.int(200)) }));
    case 6:
      return postJson('wide query', [200, 400, TOO_LARGE], JSON.stringify({ query: wideQuery(5 + rng.int(1500)) }));
    case 7:
      return postJson(
        'batch',
        [400],
        JSON.stringify(Array.from({ length: 1 + rng.int(50) }, () => ({ query: '{ __typename }' }))),
      );
    case 8:
      return {
        kind: 'wrong content type',
        owes: [200, 406, 415],
        path: '/graphql',
        method: 'POST',
        headers: {
          'content-type': rng.pick(CONTENT_TYPES),
          accept: rng.pick(['*/*', 'text/html', 'application/json']),
        },
        body: JSON.stringify({ query: '{ __typename }' }),
      };
    case 9: {
      const method = rng.pick(['GET', 'PUT', 'DELETE', 'PATCH', 'HEAD']);
      return {
        kind: 'bad method',
        // GET is how queries may be sent: a nonsense one is a GraphQL error (200 under application/json).
        owes: method === 'GET' ? [200, HEADERS_TOO_LARGE] : [405, HEADERS_TOO_LARGE],
        path: `/graphql?query=${uri(String(value()))}`,
        method,
        headers: { accept: 'application/json' },
      };
    }
    case 10:
      return postJson(
        'huge body',
        [TOO_LARGE],
        JSON.stringify({ query: `{ __typename } #${'x'.repeat(16_384 + rng.int(50_000))}` }),
      );
    default: {
      const mutation = uri(
        `mutation { startSelling(data: { email: ${JSON.stringify(String(value()))} }) { success } }`,
      );
      return {
        kind: 'mutation over GET',
        owes: [405, 200, HEADERS_TOO_LARGE],
        path: `/graphql?query=${mutation}`,
        method: 'GET',
        headers: { accept: 'application/json' },
      };
    }
  }
}

export function startSellingRequest(): Bad {
  const form = new URLSearchParams();
  for (let i = rng.int(4); i >= 0; i--)
    form.append(rng.pick(['email', 'source', 'ref', 'website', 'x']), String(value()));
  switch (rng.int(4)) {
    case 0:
      return {
        kind: 'form',
        owes: [200, 400, TOO_LARGE],
        path: '/start-selling',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      };
    case 1:
      return {
        kind: 'form random bytes',
        owes: [400, TOO_LARGE, 415],
        path: '/start-selling',
        method: 'POST',
        headers: { 'content-type': rng.pick(CONTENT_TYPES) },
        body: rng.bytes(rng.int(30_000)),
      };
    case 2: {
      const method = rng.pick(['GET', 'PUT', 'DELETE', 'PATCH']);
      return {
        kind: 'form bad method',
        // There is no page at /start-selling: GET gets the not-found page, other methods 405.
        owes: method === 'GET' ? [404, HEADERS_TOO_LARGE] : [405, HEADERS_TOO_LARGE],
        path: `/start-selling?${form}`,
        method,
        headers: {},
      };
    }
    default:
      return {
        kind: 'form huge',
        owes: [TOO_LARGE],
        path: '/start-selling',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `email=${'a'.repeat(20_000 + rng.int(40_000))}%40example.com`,
      };
  }
}

export function ingestRequest(): Bad {
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
  const method = rng.pick(['POST', 'POST', 'POST', 'GET', 'PUT']);
  return {
    kind: 'ingest',
    // Checked in this order: the method, the token, then every line (all or nothing; generated lines
    // are never all valid).
    owes: method !== 'POST' ? [405] : auth !== `Bearer ${TOKEN}` ? [401] : [422],
    path: '/ingest/sales',
    method,
    headers: {
      'content-type': rng.pick(['application/x-ndjson', 'application/json', 'text/plain', '']),
      ...(auth ? { authorization: auth } : {}),
    },
    body: rng.next() < 0.1 ? rng.bytes(rng.int(5000)) : lines,
  };
}

/** A cookie answer (POST /consent) with its fields replaced by nasty or weird values, or not JSON at all. */
export function consentRequest(): Bad {
  const fields = ['id', 'v', 'analytics', 'marketing', 'chat', 'lang', 'at'];
  const answer: Record<string, unknown> = { id: '1-2-3-4', v: 'abc', analytics: true, marketing: false, chat: false };
  Object.assign(answer, { lang: 'en', at: Date.now() });
  for (const field of fields) if (rng.next() < 0.4) answer[field] = value();
  if (rng.next() < 0.1) delete answer[rng.pick(fields)];
  const roll = rng.next();
  const body =
    roll < 0.1
      ? rng.bytes(rng.int(2000))
      : roll < 0.2
        ? JSON.stringify(answer).slice(0, rng.int(60))
        : JSON.stringify(answer);
  const method = rng.pick(['POST', 'POST', 'POST', 'POST', 'GET', 'PUT']);
  return {
    kind: 'consent',
    // From one of our pages (Sec-Fetch-Site). A generated answer may happen to be valid: the test server
    // asks no cookie question (no third-party ID), so 409; over a limit 429.
    owes: method !== 'POST' ? [405] : [400, 409, 413, 429],
    path: '/consent',
    method,
    headers: {
      'content-type': rng.pick(['text/plain;charset=UTF-8', 'application/json', '']),
      'sec-fetch-site': 'same-origin',
    },
    body,
  };
}
