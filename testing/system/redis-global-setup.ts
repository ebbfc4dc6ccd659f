/**
 * Vitest global setup: finds the Redis the shared-limit suites count in (TEST_REDIS_URL, else a server
 * on 127.0.0.1:6379 or TEST_REDIS_PORT, else a throwaway `redis-server`) and says which; with none, the
 * Redis suites fail and say how to get one, never skipped. In full: docs/scaling.md#tests
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { freePort } from '../server/free-port.js';
import { redisAnswers, spawnRedis } from './redis-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A Redis URL the suites may write to, or '' when none was found (see redisProblem). */
    redisUrl: string;
    /** Why there is no Redis and how to get one; the Redis suites fail with it. */
    redisProblem: string;
  }
}

async function throwawayRedis(): Promise<{ url: string; child: ChildProcess } | undefined> {
  if (spawnSync('redis-server', ['--version']).status !== 0) return undefined;
  const port = await freePort();
  const child = spawnRedis(port);
  const url = `redis://127.0.0.1:${port}`;
  for (let tries = 0; tries < 50; tries++) {
    if (await redisAnswers(url)) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  return undefined;
}

export default async function setup(project: TestProject) {
  const configured = process.env.TEST_REDIS_URL;
  const local = `redis://127.0.0.1:${process.env.TEST_REDIS_PORT || '6379'}`;
  let url = '';
  let how = '';
  let stop: (() => void) | undefined;
  if (configured) {
    if (await redisAnswers(configured)) [url, how] = [configured, `TEST_REDIS_URL ${new URL(configured).host}`];
  } else if (await redisAnswers(local)) {
    [url, how] = [local, `${new URL(local).host} (running)`];
  } else {
    const started = await throwawayRedis();
    if (started) {
      [url, how] = [started.url, `throwaway redis-server on ${new URL(started.url).host}`];
      stop = () => started.child.kill();
    }
  }
  const problem = url
    ? ''
    : [
        configured
          ? `TEST_REDIS_URL=${configured} does not answer.`
          : 'The shared-limit suites need Redis and none was found.',
        `Start one on ${new URL(local).host} (sudo apt-get install -y redis-server && sudo service redis-server start),`,
        'point TEST_REDIS_URL at one, or install redis-server so the tests can start a throwaway one.',
      ].join('\n');
  console.log(`[test] Redis: ${url ? how : 'none (the Redis suites will fail)'}`);
  project.provide('redisUrl', url);
  project.provide('redisProblem', problem);
  return () => stop?.();
}
