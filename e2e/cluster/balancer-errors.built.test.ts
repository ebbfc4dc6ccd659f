/**
 * The real HAProxy with the shipped deploy/haproxy.cfg, answering /graphql by itself: a built server
 * dies with a signup on its way (502), then none is left (503). Each answer is the API's own UNAVAILABLE
 * error as JSON, never HAProxy's HTML page (pages keep that), and HAProxy's exporter counts it among the
 * 5xx KasuwaBalancerErrorRate reads. Needs the build; alone: docs/benchmarks.md#several-servers-behind-haproxy.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../../common/messages.js';
import { type Cluster, startCluster } from '../../testing/server/cluster.js';
import { grown } from '../../testing/server/haproxy-metrics.js';
import { postStartSelling, START_SELLING } from '../../testing/server/start-selling.js';
import { mutate } from '../../widgets/shared/api-client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The text of HAProxy's own Prometheus exporter. */
const scrape = async (cluster: Cluster) => (await fetch(cluster.balancerMetrics)).text();

/** A response as a client sees it: status, content type, Retry-After and the body read as text. */
async function answerOf(response: Response) {
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    retryAfter: response.headers.get('retry-after'),
    body: await response.text(),
  };
}

/**
 * A signup on a connection of its own. HAProxy answers a request whose server closed without answering
 * only when it was the first on its connection; a later one on a kept-alive connection it closes without
 * a word, which HTTP/1.1 leaves the client to retry.
 */
function signUpAlone(base: string, email: string) {
  return new Promise<Awaited<ReturnType<typeof answerOf>>>((resolve, reject) => {
    const body = JSON.stringify({ query: START_SELLING, variables: { data: { email } } });
    const request = http.request(
      `${base}/graphql`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: response.headers['content-type'] ?? null,
            retryAfter: (response.headers['retry-after'] as string | undefined) ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const UNAVAILABLE = {
  errors: [{ message: UNAVAILABLE_MESSAGE, extensions: { code: 'UNAVAILABLE', retryAfterSeconds: 5 } }],
};

/** What the widgets' API client (Apollo, widgets/shared/api-client.ts) throws for a signup: its first error. */
async function widgetSignupError(base: string) {
  try {
    await mutate(`${base}/graphql`, 'startSelling', { data: { email: 'widget@example.ng' } });
    return undefined;
  } catch (error) {
    return (error as { errors?: { message?: string; extensions?: { code?: string } }[] }).errors?.[0];
  }
}

describe('HAProxy with the shipped config when it answers /graphql itself', () => {
  let cluster: Cluster;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-balancer-errors-'));
    cluster = await startCluster(1, { NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: 'off', TRUST_PROXY: '1' });
  }, 60_000);

  afterAll(async () => {
    await cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('given a live server should pass a signup through to it', async () => {
    const answer = await answerOf(await postStartSelling(cluster.base, { email: 'live@example.ng' }));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ data: { startSelling: { success: true } } });
  });

  it('given the server dies with a signup on its way should answer 502 with the API UNAVAILABLE error as JSON', async () => {
    const server = cluster.servers[0]!;
    // Stopped, the server takes the connection (its kernel does) and reads nothing; killed, it drops it
    // unanswered, as a server SIGKILLed mid-request does.
    const before = await scrape(cluster);
    server.child.kill('SIGSTOP');
    const pending = signUpAlone(cluster.base, 'in-flight@example.ng');
    await sleep(1000);
    server.child.kill('SIGKILL');
    await server.exited;
    const answer = await pending;
    expect(answer.status).toBe(502);
    expect(answer.type).toBe('application/graphql-response+json');
    expect(answer.retryAfter).toBe('5');
    expect(JSON.parse(answer.body)).toEqual(UNAVAILABLE);
    expect(grown(before, await scrape(cluster), 'kasuwa_api')).toEqual({
      requests: 1,
      answered5xx: 1,
      connectionErrors: 0,
    });
  });

  it('given no server left should answer a signup 503 with the API UNAVAILABLE error as JSON', async () => {
    const answer = await answerOf(await postStartSelling(cluster.base, { email: 'nobody-there@example.ng' }));
    expect(answer.status).toBe(503);
    expect(answer.type).toBe('application/graphql-response+json');
    expect(answer.retryAfter).toBe('5');
    expect(JSON.parse(answer.body)).toEqual(UNAVAILABLE);
  });

  it("given no server left should give the widgets' API client the UNAVAILABLE error the server would give", async () => {
    expect(await widgetSignupError(cluster.base)).toMatchObject({
      message: UNAVAILABLE_MESSAGE,
      extensions: { code: 'UNAVAILABLE' },
    });
  });

  it("given no server left should answer a page with HAProxy's own 503 page", async () => {
    const answer = await answerOf(await fetch(`${cluster.base}/`));
    expect(answer.status).toBe(503);
    expect(answer.type).toMatch(/^text\/html/);
  });

  it("given no server left should count, in HAProxy's exporter, each signup and page answered 503 once among its backend's 5xx", async () => {
    const before = await scrape(cluster);
    const signups = await Promise.all(
      [1, 2, 3].map(async (n) => (await postStartSelling(cluster.base, { email: `gone-${n}@example.ng` })).status),
    );
    const pages = await Promise.all([1, 2].map(async () => (await fetch(`${cluster.base}/`)).status));
    expect([...signups, ...pages]).toEqual([503, 503, 503, 503, 503]);
    const after = await scrape(cluster);
    expect(grown(before, after, 'kasuwa_api')).toEqual({ requests: 3, answered5xx: 3, connectionErrors: 3 });
    expect(grown(before, after, 'kasuwa_servers')).toEqual({ requests: 2, answered5xx: 2, connectionErrors: 2 });
  });
});
