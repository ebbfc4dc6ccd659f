/**
 * nginx's proxy_cache with the shipped deploy/nginx-cache.conf in front of HAProxy and a built server:
 * a spike of rank lookups for a few stores reaches the server once per store per RANK_CACHE_SECONDS,
 * the loader and pages come from the cache (pages for a minute, then revalidated by ETag), and
 * signups pass through (docs/scaling.md "A cache in front"). Needs the build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUSTED_DOCUMENT_HASHES } from '../../common/trusted-documents.js';
import { type Cluster, startCluster } from '../../testing/server/cluster.js';
import { type NginxCache, startNginxCache } from '../../testing/server/nginx-cache.js';
import { postStartSelling } from '../../testing/server/start-selling.js';

/** Short, so the test sees an entry expire: what a cache keeps is one answer per store per this. */
const RANK_CACHE_SECONDS = 2;
const STORES = ['adaeze-fabrics', 'mama-nkechi-kitchen.kasuwa.shop', 'tunde-gadgets-hub'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lookup as the widgets send it (widgets/shared/api-client.ts): GET by the trusted hash. */
const lookupPath = (domain: string) =>
  `/graphql?${new URLSearchParams({
    operationName: 'GetStoreLeaderboard',
    variables: JSON.stringify({ query: { domain } }),
    extensions: JSON.stringify({
      persistedQuery: { version: 1, sha256Hash: TRUSTED_DOCUMENT_HASHES.getStoreLeaderboard },
    }),
  })}`;

describe('nginx proxy_cache (deploy/nginx-cache.conf) in front of HAProxy', () => {
  let cluster: Cluster;
  let cache: NginxCache;
  let dataDir: string;

  /** Requests the server logged (LOG_REQUESTS) for this method and path, once its log has caught up. */
  const reached = async (method: string, pathname: string) => {
    await sleep(300);
    return cluster.servers[0]!.lines.filter(
      (line) => line.includes('"msg":"request"') && line.includes(`"method":"${method}","path":"${pathname}"`),
    ).length;
  };
  /** Many lookups at once, as many readers' widgets send them: each store's name as answered. */
  const spike = (perStore: number) =>
    Promise.all(
      STORES.flatMap((domain) =>
        Array.from({ length: perStore }, async () => {
          const response = await fetch(`${cache.base}${lookupPath(domain)}`);
          const body = (await response.json()) as { data?: { getStoreLeaderboard?: { name: string } } };
          return `${response.status} ${body.data?.getStoreLeaderboard?.name}`;
        }),
      ),
    );

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-cache-in-front-'));
    cluster = await startCluster(1, {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TRUST_PROXY: '2',
      LOG_REQUESTS: 'on',
      RANK_CACHE_SECONDS: String(RANK_CACHE_SECONDS),
    });
    cache = await startNginxCache(cluster.base);
  }, 60_000);

  afterAll(async () => {
    await cache?.stop();
    await cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('given 300 lookups at once for three stores should pass each store to the server once, and answer all', async () => {
    const answers = await spike(100);
    expect(new Set(answers)).toEqual(
      new Set(['200 Adaeze Fabrics', '200 Mama Nkechi Kitchen', '200 Tunde Gadgets Hub']),
    );
    expect(await reached('GET', '/graphql')).toBe(STORES.length);
  });

  it('given the same spike once the kept answers are older than RANK_CACHE_SECONDS should ask the server again once per store', async () => {
    await sleep(RANK_CACHE_SECONDS * 1000 + 500);
    const before = await reached('GET', '/graphql');
    const answers = await spike(50);
    expect(answers.every((answer) => answer.startsWith('200 '))).toBe(true);
    await sleep(500);
    expect((await reached('GET', '/graphql')) - before).toBe(STORES.length);
  });

  it('given the loader asked twice should answer the second from the cache', async () => {
    const first = await fetch(`${cache.base}/widgets/v1/kasuwa-widgets.js`);
    const second = await fetch(`${cache.base}/widgets/v1/kasuwa-widgets.js`);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(await reached('GET', '/widgets/v1/kasuwa-widgets.js')).toBe(1);
  });

  it('given a page asked twice should answer the second from the cache, and after its minute from its copy revalidated by ETag', async () => {
    const first = await fetch(`${cache.base}/pricing`);
    const second = await fetch(`${cache.base}/pricing`);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, must-revalidate');
    const statuses = cluster.servers[0]!.lines.flatMap((line) =>
      line.includes('"path":"/pricing"') ? [(JSON.parse(line) as { status: number }).status] : [],
    );
    expect(statuses).toEqual([200]);
  });

  it('given two signups from one address should pass both to the server and keep neither', async () => {
    const before = await reached('POST', '/graphql');
    const answers = await Promise.all(
      ['one', 'two'].map(async (name) => {
        const response = await postStartSelling(cache.base, { email: `cache-${name}@example.ng` });
        return `${response.status} ${response.headers.get('x-cache-status') ?? ''}`;
      }),
    );
    expect(answers).toEqual(['200 ', '200 ']);
    expect((await reached('POST', '/graphql')) - before).toBe(2);
  });
});
