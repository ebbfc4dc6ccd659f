/**
 * Redis down or frozen (docs/scaling.md "Redis down"): signups keep flowing within 2 s, the limits count
 * in each server's memory meanwhile and still refuse, one log line, /readyz and kasuwa_redis_up say so,
 * and once Redis answers again the servers count there again. Each test runs its own redis-server, so killing it harms no one else.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../testing/server/free-port.js';
import { postStartSelling } from '../../testing/server/start-selling.js';
import { startTestServer, type TestServer } from '../../testing/server/test-server.js';
import { redisAnswers, spawnRedis } from '../../testing/system/redis-server.js';

const cleanups: (() => Promise<void> | void)[] = [];
/** Killed first: a server closing against a frozen Redis must not leave the redis-server behind. */
const redisServers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const kill of redisServers.splice(0)) await kill();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

/** A redis-server of this test's own on a free loopback port, no persistence. */
async function ownRedis() {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const exited = (redis: ChildProcess) =>
    new Promise<void>((resolve) => (redis.exitCode !== null ? resolve() : redis.once('exit', () => resolve())));
  const start = async () => {
    child = spawnRedis(port);
    await expect.poll(() => redisAnswers(url, 500), { timeout: 10_000, interval: 50 }).toBe(true);
  };
  const kill = async () => {
    const running = child;
    if (!running) return;
    child = undefined;
    running.kill('SIGKILL'); // a stopped process dies of SIGKILL too
    await exited(running);
  };
  await start();
  redisServers.push(kill);
  return {
    url,
    start,
    kill,
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
  };
}

async function server(redisUrl: string): Promise<TestServer> {
  const started = await startTestServer({
    REDIS_URL: redisUrl,
    DEMO_DATA: 'off',
    SIGNUP_EMAIL_LIMIT: '1',
    SIGNUP_IP_LIMIT: '1000',
    METRICS_TOKEN,
  });
  cleanups.push(() => started.close());
  return started;
}

const METRICS_TOKEN = 'redis-outage-metrics-token';

/** What an operator sees of Redis: /readyz's `redis` field, and kasuwa_redis_up in /metrics. */
async function redisState(at: TestServer): Promise<[string, string]> {
  const ready = (await (await fetch(`${at.base}/readyz`)).json()) as { redis?: string };
  const metrics = await (
    await fetch(`${at.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return [ready.redis ?? 'absent', /^kasuwa_redis_up (\d)$/m.exec(metrics)?.[1] ?? 'absent'];
}

/** A signup through the GraphQL endpoint: 'accepted', or the error's code. */
async function signUp(at: TestServer, email: string): Promise<string> {
  const response = await postStartSelling(at.base, { email });
  const body = (await response.json()) as {
    data?: { startSelling?: { success: boolean } };
    errors?: { extensions?: { code?: string } }[];
  };
  return body.data?.startSelling?.success ? 'accepted' : (body.errors?.[0]?.extensions?.code ?? 'no answer');
}

/** The log lines (JSON on stderr) whose message starts with `start`. */
function logLines() {
  const spy = vi.spyOn(console, 'error');
  return (start: string) =>
    spy.mock.calls.filter(([line]) => typeof line === 'string' && line.includes(`"msg":"${start}`));
}

let addresses = 0;
const fresh = (name: string) => `${name}-${process.pid}-${++addresses}@example.ng`;

it('given Redis frozen while no signup comes should report it down within a watch and a command timeout', async () => {
  const redis = await ownRedis();
  const one = await server(redis.url);
  expect(await redisState(one)).toEqual(['up', '1']);
  redis.freeze();
  const frozenAt = performance.now();
  await expect.poll(() => redisState(one), { timeout: 10_000, interval: 250 }).toEqual(['down', '0']);
  expect(performance.now() - frozenAt).toBeLessThan(7000);
  redis.thaw();
  await expect.poll(() => redisState(one), { timeout: 5000 }).toEqual(['up', '1']);
});

describe.each([
  ['killed', 'restarted on the same port'],
  ['frozen (SIGSTOP)', 'thawed (SIGCONT)'],
] as const)('signups while Redis is %s', (fault, recovery) => {
  it(`should accept within 2 s, still refuse over the limit, log once, report Redis down in /readyz and kasuwa_redis_up, and count in Redis again once ${recovery}`, async () => {
    const redis = await ownRedis();
    const one = await server(redis.url);
    const logged = logLines();
    expect(await signUp(one, fresh('before'))).toBe('accepted');
    expect(await redisState(one)).toEqual(['up', '1']);

    if (fault === 'killed') await redis.kill();
    else redis.freeze();
    const ada = fresh('ada');
    const started = performance.now();
    expect(await signUp(one, ada)).toBe('accepted');
    expect(performance.now() - started).toBeLessThan(2000);
    // This process's own counters hold the limit (one per address) meanwhile.
    expect(await signUp(one, ada)).toBe('RATE_LIMITED');
    for (let i = 0; i < 5; i++) {
      const startedAgain = performance.now();
      expect(await signUp(one, fresh('busy'))).toBe('accepted');
      expect(performance.now() - startedAgain).toBeLessThan(2000);
    }
    expect(logged('Redis does not answer')).toHaveLength(1);
    // Each server counts the limits alone meanwhile, and says so.
    expect(await redisState(one)).toEqual(['down', '0']);

    if (fault === 'killed') await redis.start();
    else redis.thaw();
    const two = await server(redis.url);
    // Counted in Redis again: an address signed up on one server is refused on the other.
    await expect
      .poll(
        async () => {
          const email = fresh('shared');
          await signUp(one, email);
          return signUp(two, email);
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe('RATE_LIMITED');
    expect(logged('Redis answers again').length).toBeGreaterThanOrEqual(1);
    await expect.poll(() => redisState(one), { timeout: 5000 }).toEqual(['up', '1']);
  });
});
