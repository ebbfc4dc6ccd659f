/**
 * The stand-in API the browser tests talk to (web-test-runner.config.mjs serves it at /graphql): the
 * answer is chosen by the e-mail or domain a test types, so every state of a widget can be reached.
 * Its messages come from the server's own constants, and fake-graphql.test.ts runs each answer
 * against the real schema and compares its errors with what the real server says.
 */
import { EMAIL_MESSAGES } from '../../common/email.js';
import type { StoreLeaderboard } from '../../common/leaderboard.js';
import { rateLimitedMessage, STORE_NOT_FOUND_MESSAGE } from '../../common/messages.js';
import { balancerApiAnswers } from '../server/balancer-errors.js';

export type GraphqlRequest = {
  query?: string;
  operationName?: string;
  variables?: Record<string, unknown>;
  extensions?: { persistedQuery?: { version: number; sha256Hash: string } };
  /** As the fake received it (web-test-runner.config.mjs): GET or POST, and the Content-Type sent. */
  method?: string;
  contentType?: string;
};
export type FakeAnswer = { status: number; type: string; body: string };

const LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="56" height="56"><rect width="56" height="56" fill="teal"/></svg>')}`;

/** The stores the fake knows, by the domain a test types. */
export const fakeStores: Record<string, StoreLeaderboard> = (() => {
  const adaeze: StoreLeaderboard = {
    storeId: 's1',
    name: 'Adaeze Fabrics',
    logo: null,
    rank: 3,
    totalRevenue: 1_500_000,
    winningRevenue: 2_000_000,
    revenueToWin: 500_000,
  };
  return {
    'adaeze-fabrics': adaeze,
    'held-store': adaeze,
    'with-logo': { ...adaeze, logo: LOGO },
    'no-logo': { ...adaeze, name: null, rank: null, totalRevenue: 0, winningRevenue: 0, revenueToWin: 0 },
    // The widest values the cards print in full (under a million; from a million they are compact).
    'wide-numbers': { ...adaeze, totalRevenue: 988_412, winningRevenue: 999_998, revenueToWin: 11_586 },
    // The longest name an import takes (200 characters), without a space to break at.
    'long-name': { ...adaeze, name: 'M'.repeat(200) },
  };
})();

/** The wait the fake's RATE_LIMITED answer names (what the real limiter says after a minute's window). */
export const FAKE_RETRY_AFTER_SECONDS = 60;

const json = (value: unknown): FakeAnswer => ({ status: 200, type: 'application/json', body: JSON.stringify(value) });
const failure = (message: string, extensions: Record<string, unknown>) =>
  json({ errors: [{ message, extensions }], data: null });

/**
 * Answers "held" (a domain `held-store` or an e-mail starting with `held`) wait until the test calls
 * releaseHeld() (the page fetches /__release): a loading state is then on screen for certain. Kept per
 * client (the browser asking), since the engines run their tests side by side.
 */
const held = new Map<string, (() => void)[]>();
const heldFor = (client: string) => held.get(client) ?? held.set(client, []).get(client) ?? [];
export function releaseHeld(client = ''): number {
  const waiting = heldFor(client).splice(0);
  for (const release of waiting) release();
  return waiting.length;
}
const hold = (client: string) => new Promise<void>((resolve) => heldFor(client).push(resolve));

/**
 * HAProxy's own answer with no server left (a domain `balancer-down`, an e-mail starting with
 * `balancer`), as deploy/haproxy.cfg words it.
 */
function balancerDown(): FakeAnswer {
  const answer = balancerApiAnswers().get(503);
  if (!answer) throw new Error('deploy/haproxy.cfg has no 503 answer for /graphql');
  return { status: answer.status, type: answer.contentType, body: answer.body };
}

/** The answer to one request to /graphql (a POST's body, or a GET's parameters) from `client`. */
export async function fakeGraphqlAnswer(body: GraphqlRequest, client = ''): Promise<FakeAnswer> {
  const lookup = body.variables?.query as { domain?: string } | undefined;
  if (lookup?.domain !== undefined) {
    if (lookup.domain === 'balancer-down') return balancerDown();
    if (lookup.domain === 'held-store') await hold(client);
    const store = fakeStores[lookup.domain];
    if (!store) return failure(STORE_NOT_FOUND_MESSAGE, { code: 'STORE_NOT_FOUND' });
    return json({ data: { getStoreLeaderboard: { __typename: 'StoreLeaderboard', ...store } } });
  }
  const email = (body.variables?.data as { email?: string } | undefined)?.email ?? '';
  if (email.startsWith('offline')) return { status: 503, type: 'text/plain', body: 'Service Unavailable' };
  if (email.startsWith('balancer')) return balancerDown();
  // An address the browser's check lets through and the API's refuses.
  if (email.startsWith('refused')) return failure(EMAIL_MESSAGES.invalid, { code: 'BAD_USER_INPUT' });
  if (email.startsWith('limited')) {
    return failure(rateLimitedMessage(FAKE_RETRY_AFTER_SECONDS), {
      code: 'RATE_LIMITED',
      retryAfterSeconds: FAKE_RETRY_AFTER_SECONDS,
    });
  }
  if (email.startsWith('held')) await hold(client);
  return json({ data: { startSelling: { __typename: 'StartSellingResult', success: true } } });
}
