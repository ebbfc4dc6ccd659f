/**
 * bench:chaos's traffic: an open loop at a fixed rate through HAProxy, each request on a connection of
 * its own and bounded in time: a tenth signups with unique addresses, half rank lookups, the rest pages
 * and the widget bundle. Every answer is kept as a sample (the client's history the checks judge).
 */
import http from 'node:http';
import { START_SELLING } from '../testing/server/start-selling.js';
import { codeOf, graphqlAnswer, type Sample } from './chaos-report.js';

/** The longest a request may take, connection to last byte. */
const TIMEOUT_MS = 15_000;
/** Requests in flight beyond which the client is the bottleneck: the loop skips rather than piles up. */
const MAX_IN_FLIGHT = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request on a connection of its own (no kept-alive socket to race HAProxy's close). */
export function send(method: string, url: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: body ? { 'content-type': 'application/json' } : {},
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
        res.on('close', () => res.complete || reject(new Error('connection closed mid-answer')));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Asks `base` for a signup of `email`: whether it was accepted, else the refusal's code. */
export async function signUp(base: string, email: string): Promise<{ ok: boolean; code: string }> {
  const body = JSON.stringify({ query: START_SELLING, variables: { data: { email } } });
  const response = await send('POST', `${base}/graphql`, body);
  const parsed = graphqlAnswer<{ startSelling?: { success: boolean } }>(response);
  const ok = parsed.data?.startSelling?.success === true;
  return { ok, code: ok ? 'accepted' : codeOf(parsed, response) };
}

const LOOKUP = 'query($q: StoreLeaderboardInput!) { getStoreLeaderboard(query: $q) { rank } }';
const PAGES = ['/', '/widgets/kasuwa-widgets.js', '/new-year-sales', '/pricing'];

/**
 * Starts the traffic on `base` at `rate` requests per second; `now` is the bench's clock. stop() ends
 * the loop and waits for the requests in flight.
 */
export function startTraffic(base: string, rate: number, seed: number, domains: string[], now: () => number) {
  const samples: Sample[] = [];
  const acknowledged: string[] = [];
  const refused = new Map<string, number>();
  const refuse = (code: string) => refused.set(code, (refused.get(code) ?? 0) + 1);
  let inFlight = 0;
  let on = true;

  async function one(n: number) {
    const t = now();
    const roll = n % 10;
    const kind: Sample['kind'] = roll === 0 ? 'signup' : roll < 6 ? 'lookup' : 'page';
    let ok = false;
    let code = '';
    try {
      if (kind === 'signup') {
        const email = `chaos-${seed}-${n}@example.ng`;
        ({ ok, code } = await signUp(base, email));
        if (ok) acknowledged.push(email);
        else refuse(code);
      } else if (kind === 'lookup') {
        const domain = domains[n % domains.length];
        const body = JSON.stringify({ query: LOOKUP, variables: { q: { domain } } });
        const response = await send('POST', `${base}/graphql`, body);
        const parsed = graphqlAnswer(response);
        ok = response.status === 200 && parsed.json && !parsed.errors;
        code = ok ? '200' : codeOf(parsed, response);
      } else {
        const response = await send('GET', `${base}${PAGES[n % PAGES.length]}`);
        ok = response.status === 200;
        code = String(response.status);
      }
    } catch (error) {
      code = `network: ${(error as Error).message}`;
      if (kind === 'signup') refuse(code);
    }
    samples.push({ t, kind, ms: (now() - t) * 1000, ok, code });
  }

  const started = performance.now();
  const done = (async () => {
    const every = 1000 / rate;
    for (let n = 1; on; n++) {
      const wait = started + n * every - performance.now();
      if (wait > 0) await sleep(wait);
      if (inFlight > MAX_IN_FLIGHT) continue;
      inFlight++;
      void one(n).finally(() => inFlight--);
    }
    while (inFlight > 0) await sleep(50);
  })();
  return {
    samples,
    acknowledged,
    refused,
    async stop() {
      on = false;
      await done;
    },
  };
}
