/** A redis-server of the tests' own (loopback, nothing kept on disk), and whether a Redis answers. */
import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';

export const spawnRedis = (port: number): ChildProcess =>
  spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });

/** True when a PING to `url` is answered within `connectTimeoutMs`. */
export async function redisAnswers(url: string, connectTimeoutMs = 2000): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: connectTimeoutMs, maxRetriesPerRequest: 0 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
