/**
 * The outcome series the alerts read: every outcome at 0 from a fresh server's first scrape, GraphQL
 * operations and rank lookups counted by outcome whatever the HTTP status, and the outbox's oldest due
 * mail measured from when it became due, rows waiting for a retry counted apart.
 */

import { parse } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshDatabase, TEST_BACKENDS } from '../testing/server/databases.js';
import { queueWelcomeMails } from '../testing/server/outbox-rows.js';
import { startTestServer } from '../testing/server/test-server.js';
import { RANK_LOOKUP_OUTCOMES } from './contest/counted-lookup.js';
import { operationOf, outcomeOf } from './http/graphql-endpoint.js';
import { registerMailMetrics } from './mail/metrics.js';
import { createOutboxStore } from './mail/outbox-store.js';
import { createMetrics, GRAPHQL_OPERATIONS, GRAPHQL_OUTCOMES } from './metrics.js';
import { SIGNUP_OUTCOMES } from './signups/counted.js';

const TOKEN = 'metrics-token-0123456789';
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One sample of a series from the text exposition (undefined when absent). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics of outcomes', () => {
  async function server() {
    const started = await startTestServer({ DEMO_DATA: 'off', METRICS_TOKEN: TOKEN });
    cleanups.push(() => started.close());
    const read = async () =>
      (await fetch(`${started.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    return { base: started.base, read };
  }

  it('given a fresh server should expose every outcome of every outcome counter at 0 on the first scrape', async () => {
    const { read } = await server();
    const text = await read();
    const series = [
      ...SIGNUP_OUTCOMES.map((outcome) => `kasuwa_signups_total{outcome="${outcome}"}`),
      ...['sent', 'retry', 'failed'].map((outcome) => `kasuwa_mail_send_attempts_total{outcome="${outcome}"}`),
      ...GRAPHQL_OPERATIONS.flatMap((operation) =>
        GRAPHQL_OUTCOMES.map(
          (outcome) => `kasuwa_graphql_operations_total{operation="${operation}",outcome="${outcome}"}`,
        ),
      ),
      ...RANK_LOOKUP_OUTCOMES.map((outcome) => `kasuwa_rank_lookups_total{outcome="${outcome}"}`),
      ...RANK_LOOKUP_OUTCOMES.map((outcome) => `kasuwa_rank_lookup_duration_seconds_count{outcome="${outcome}"}`),
      ...RANK_LOOKUP_OUTCOMES.map(
        (outcome) => `kasuwa_rank_lookup_duration_seconds_bucket{le="1",outcome="${outcome}"}`,
      ),
    ];
    expect(series.length).toBe(6 + 3 + 9 + 4 * 3);
    for (const name of series) expect(sample(text, name), name).toBe(0);
  });

  it('given GraphQL operations and rank pages should count each by root field and outcome, and rank lookups by outcome', async () => {
    const { base, read } = await server();
    const graphql = (query: string) =>
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query }),
      });
    await graphql('{ getStoreLeaderboard(query: { domain: "nobody.ng" }) { rank } }');
    await graphql('{ a: getStoreLeaderboard(query: { domain: "" }) { rank } }');
    await graphql('mutation { startSelling(data: { email: "ada@example.ng" }) { success } }');
    await graphql('mutation { startSelling(data: { email: "not-an-email" }) { success } }');
    await graphql('{ nothing');
    await fetch(`${base}/new-year-sales/rank?domain=nobody.ng`);
    const text = await read();
    const operations = (operation: string, outcome: string) =>
      sample(text, `kasuwa_graphql_operations_total{operation="${operation}",outcome="${outcome}"}`);
    expect(operations('getStoreLeaderboard', 'refused')).toBe(2);
    expect(operations('startSelling', 'ok')).toBe(1);
    expect(operations('startSelling', 'refused')).toBe(1);
    expect(operations('other', 'refused')).toBe(1);
    for (const operation of GRAPHQL_OPERATIONS) expect(operations(operation, 'failed')).toBe(0);
    expect(sample(text, 'kasuwa_rank_lookups_total{outcome="not_found"}')).toBe(2);
    expect(sample(text, 'kasuwa_rank_lookups_total{outcome="invalid"}')).toBe(1);
    expect(sample(text, 'kasuwa_rank_lookup_duration_seconds_bucket{le="1",outcome="not_found"}')).toBe(2);
  });

  it('should tell refusals (the client, a limit) from failures (ours) by extensions.code, and name operations by root field', () => {
    const error = (code?: string) => ({ extensions: code ? { code } : {} }) as never;
    expect(outcomeOf({ data: {} })).toBe('ok');
    expect(outcomeOf({ errors: [error('BAD_USER_INPUT')] })).toBe('refused');
    expect(outcomeOf({ errors: [error('RATE_LIMITED')] })).toBe('refused');
    expect(outcomeOf({ errors: [error()] })).toBe('refused');
    expect(outcomeOf({ errors: [error('UNAVAILABLE')] })).toBe('failed');
    expect(outcomeOf({ errors: [error('RATE_LIMITED'), error('INTERNAL')] })).toBe('failed');
    expect(operationOf(parse('query Any { x: getStoreLeaderboard(query: {domain: "a"}) { rank } }'))).toBe(
      'getStoreLeaderboard',
    );
    expect(operationOf(parse('mutation { startSelling(data: {email: "a"}) { success } }'))).toBe('startSelling');
    expect(operationOf(parse('{ __typename getStoreLeaderboard(query: {domain: "a"}) { rank } }'))).toBe('other');
    expect(operationOf(parse('query A { __typename } query B { __schema { types { name } } }'), 'B')).toBe('other');
  });
});

/** The mail module's series on `database`, registered as the module registers them (server/mail/index.ts). */
function metricsOn(database: Awaited<ReturnType<typeof freshDatabase>>) {
  const metrics = createMetrics();
  return { text: metrics.text, ...registerMailMetrics(metrics.registry, createOutboxStore(database.opened)) };
}

describe.each(TEST_BACKENDS)('outbox gauges on %s', (backend) => {
  it('should measure the oldest mail due now from when it became due, and count rows waiting for a retry apart', async () => {
    const database = await freshDatabase(backend);
    cleanups.push(() => database.drop());
    const metrics = metricsOn(database);
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
    const read = async () => {
      // A scrape's outbox reading is shared until the next turn of the event loop: read afresh.
      await new Promise((resolve) => setImmediate(resolve));
      const text = await metrics.text();
      return {
        oldest: sample(text, 'kasuwa_outbox_oldest_pending_seconds') ?? Number.NaN,
        awaiting: sample(text, 'kasuwa_outbox_awaiting_retry'),
      };
    };
    expect(await read()).toEqual({ oldest: 0, awaiting: 0 });
    // Queued five hours ago, failed twice: its retry is in 10 minutes, so it is not late.
    await queueWelcomeMails(database.opened.db, ['retry@example.ng'], () => ({
      created_at: ago(5 * 3600),
      attempts: 2,
      next_attempt_at: ago(-600),
    }));
    // Given up: not waiting for anything.
    await queueWelcomeMails(database.opened.db, ['given-up@example.ng'], () => ({
      idempotency_key: 'given-up',
      created_at: ago(9 * 3600),
      status: 'failed',
    }));
    expect(await read()).toEqual({ oldest: 0, awaiting: 1 });
    // Queued three hours ago, its retry due two minutes ago: two minutes late.
    await queueWelcomeMails(database.opened.db, ['due@example.ng'], () => ({
      idempotency_key: 'due',
      created_at: ago(3 * 3600),
      attempts: 1,
      next_attempt_at: ago(120),
    }));
    const { oldest, awaiting } = await read();
    expect(awaiting).toBe(1);
    expect(oldest).toBeGreaterThanOrEqual(120);
    expect(oldest).toBeLessThan(130);
  });
});

describe('sends stalled on the relay', () => {
  it('given a send waiting over 3 s should count it stalled until it ends', async () => {
    const database = await freshDatabase('sqlite');
    cleanups.push(() => database.drop());
    const metrics = metricsOn(database);
    const stalled = async () => sample(await metrics.text(), 'kasuwa_mail_sends_stalled');
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const ended = metrics.mailSending();
      metrics.mailSending()();
      expect(await stalled()).toBe(0);
      vi.advanceTimersByTime(3500);
      expect(await stalled()).toBe(1);
      ended();
      expect(await stalled()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
