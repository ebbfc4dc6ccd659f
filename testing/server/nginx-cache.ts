/**
 * Debian's nginx running the shipped deploy/nginx-cache.conf in front of a balancer, on loopback: its
 * `listen`, upstream `server`, cache folder, pid and log files moved into a folder of its own, the rest
 * as shipped. Installed from Debian when missing and allowed (scripts/debian.mjs).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findOrInstall } from '../../scripts/debian.mjs';
import { freePort } from './free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NGINX_CACHE_CONFIG = path.join(root, 'deploy/nginx-cache.conf');

export function ensureNginx(): string {
  const find = () => [process.env.NGINX_PATH, '/usr/sbin/nginx'].find((file) => file && fs.existsSync(file));
  const found = findOrInstall(find, 'nginx', 'cache in front: no nginx found');
  if (found) return found;
  throw new Error(
    'The cache-in-front test needs nginx and none was found. Install it with:  sudo apt-get update && sudo apt-get install -y nginx  (or set NGINX_PATH)',
  );
}

/** The shipped configuration with this run's port, balancer and folder. */
export function nginxCacheConfig(listenPort: number, balancerPort: number, dir: string): string {
  const replaced = (text: string, pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx-cache.conf has no line matching ${pattern}`);
    return text.replace(pattern, by);
  };
  let text = fs.readFileSync(NGINX_CACHE_CONFIG, 'utf8');
  text = replaced(text, /^pid \S+;/m, `pid ${dir}/nginx.pid;`);
  text = replaced(text, /proxy_cache_path \S+/, `proxy_cache_path ${dir}/cache`);
  text = replaced(text, /access_log \S+;/, `access_log ${dir}/access.log;`);
  text = replaced(text, /error_log \S+/, `error_log ${dir}/error.log`);
  text = replaced(text, /listen \d+;/, `listen 127.0.0.1:${listenPort};`);
  return replaced(text, /server 127\.0\.0\.1:\d+;/, `server 127.0.0.1:${balancerPort};`);
}

export type NginxCache = { base: string; stop(): Promise<void> };

/** Starts nginx in the foreground and answers once it passes a request through to `balancer`. */
export async function startNginxCache(balancer: string): Promise<NginxCache> {
  const nginx = ensureNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-nginx-cache-'));
  // Its workers run as nobody when started by root: they write the cache here.
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, nginxCacheConfig(port, Number(new URL(balancer).port), dir));
  const child = spawn(nginx, ['-p', dir, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await fetch(`${base}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { base, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not pass requests through on ${base} within 10 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
