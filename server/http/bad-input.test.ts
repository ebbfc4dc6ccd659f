/**
 * Thousands of generated bad requests (deterministic seed) to every route that takes input: the server
 * must answer each with a status that route owes it (`owes`: 413 for a body over the limit, 405 for a
 * wrong method, 401 for a wrong token, a GraphQL error under 200 …), never a 5xx or a dropped
 * connection, stay up, and keep only valid rows, on SQLite and on PostgreSQL.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkEmail } from '../../common/email.js';
import { isLocale } from '../../common/i18n.js';
import {
  type Bad,
  consentRequest,
  graphqlRequest,
  ingestRequest,
  rng,
  startSellingRequest,
  TOKEN,
} from '../../testing/server/bad-requests.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { serverForTests } from '../../testing/server/test-server.js';

const TOTAL = 5_200;
const RAW = 100;
/** After the others, so the seed gives them the same requests as before /consent existed. */
const CONSENT = 200;

type Outcome = { kind: string; owes: readonly number[]; path: string; status: number; dropped?: string; body: string };

async function send(base: string, bad: Bad): Promise<Outcome> {
  const where = bad.path.split('?')[0] ?? bad.path;
  try {
    const response = await fetch(base + bad.path, {
      method: bad.method,
      headers: bad.headers,
      body: bad.method === 'GET' || bad.method === 'HEAD' ? undefined : bad.body,
    });
    return { kind: bad.kind, owes: bad.owes, path: where, status: response.status, body: await response.text() };
  } catch (error) {
    return {
      kind: bad.kind,
      owes: bad.owes,
      path: where,
      status: 0,
      dropped: String((error as Error).cause ?? error),
      body: '',
    };
  }
}

function rawRequest(port: number): Promise<string> {
  const garbage = rng.bytes(10 + rng.int(500));
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
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

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  const server = serverForTests({ INGEST_TOKEN: TOKEN }, backend);

  it('given 5,000+ generated bad requests should answer each with the status its route owes and keep only valid rows', async () => {
    const requests: Bad[] = Array.from({ length: TOTAL }, () => {
      const roll = rng.next();
      return roll < 0.6 ? graphqlRequest() : roll < 0.8 ? startSellingRequest() : ingestRequest();
    });
    requests.push(...Array.from({ length: CONSENT }, consentRequest));
    const outcomes: Outcome[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < requests.length) {
          const bad = requests[next++] as Bad;
          outcomes.push(await send(server.base, bad));
        }
      }),
    );

    const wrong = outcomes.filter((outcome) => {
      if (!outcome.owes.includes(outcome.status)) return true;
      if (outcome.path === '/graphql' && outcome.status === 200) {
        // HTTP 200 for bad input is right only with a GraphQL error in the body (or the rare generated
        // value that is actually a valid address or a store, which gets data).
        const json = JSON.parse(outcome.body) as { data?: unknown; errors?: unknown[] };
        if (outcome.kind === 'mutation over GET') return json.data !== undefined || !json.errors?.length;
        return !(json.errors?.length || json.data);
      }
      return false;
    });
    expect(outcomes).toHaveLength(TOTAL + CONSENT);
    const summary = new Map<string, string>();
    for (const { kind, path, status, dropped, body } of wrong) {
      summary.set(`${path} ${kind} ${status}`, dropped ?? body.slice(0, 200));
    }
    expect(Object.fromEntries(summary)).toEqual({});

    const raw = await Promise.all(Array.from({ length: RAW }, () => rawRequest(server.running.port)));
    expect(raw.filter((answer) => answer !== '' && !/^HTTP\/1\.1 4\d\d/.test(answer))).toEqual([]);

    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);

    const { db } = server.database.opened;
    const emails = (await db.selectFrom('signups').select('email').execute()).map((row) => row.email);
    const recipients = (await db.selectFrom('outbox').select('recipient').execute()).map((row) => row.recipient);
    const sales = await db.selectFrom('sales').select(['amount_kobo', 'status', 'paid_at']).execute();
    for (const email of [...emails, ...recipients]) {
      expect(checkEmail(email), email).toEqual({ ok: true, email });
    }
    for (const answer of await db.selectFrom('consent_records').selectAll().execute()) {
      expect(answer.choice_id, JSON.stringify(answer)).toMatch(/^\d{1,10}(-\d{1,10}){3}$/);
      expect(isLocale(answer.locale), JSON.stringify(answer)).toBe(true);
    }
    for (const sale of sales) {
      expect(Number.isInteger(sale.amount_kobo) && sale.amount_kobo >= 0, JSON.stringify(sale)).toBe(true);
      expect(['paid', 'refunded']).toContain(sale.status);
      expect(Number.isNaN(Date.parse(sale.paid_at))).toBe(false);
    }
  }, 180_000); // 5,200 requests on a shared 2-core machine: a generous limit, not a speed check
});
