/**
 * N built servers (`node dist/server/main.js`) on one PostgreSQL database behind HAProxy with the
 * shipped deploy/haproxy.cfg, and an SMTP sink in this process: the multi-server test and
 * `bench:soak --servers N` both run on it. Everything listens on loopback on ports the system picks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { findOrInstall } from '../../scripts/debian.mjs';
import { HAPROXY_CONFIG } from './balancer-errors.js';
import { freePort } from './free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HAPROXY_PATHS = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'];

/**
 * Finds HAProxy; when it is missing and we may install Debian's package (root with apt-get), installs
 * it (scripts/debian.mjs); otherwise throws with the command to run.
 */
export function ensureHaproxy(): string {
  const find = () => [process.env.HAPROXY_PATH, ...HAPROXY_PATHS].find((file) => file && fs.existsSync(file));
  const found = findOrInstall(find, 'haproxy', 'cluster: no HAProxy found');
  if (found) return found;
  throw new Error(
    'The multi-server test needs HAProxy and none was found. Install it with:  sudo apt-get update && sudo apt-get install -y haproxy  (or set HAPROXY_PATH)',
  );
}

export { type ReceivedMail, startSmtpSink } from './smtp-sink.js';

export type ClusterServer = {
  name: string;
  /** What it was started with, beside process.env (a restart starts it again with the same). */
  env: Record<string, string>;
  child: ChildProcess;
  port: number;
  base: string;
  /** Every line the server printed on stdout (JSON log lines). */
  lines: string[];
  /** Every line it printed on stderr (warnings, a start refusal), also passed on to ours. */
  errors: string[];
  exited: Promise<number | null>;
};

/** Told of each line a server prints on stderr while it runs, from its start on (before it listens). */
export type StderrWatcher = (server: string, line: string) => void;

/**
 * Starts one built server; it must listen within `startTimeoutMs`, or it is SIGKILLed (its ports freed)
 * and the promise rejects once it has exited.
 */
export function startServer(
  name: string,
  env: Record<string, string>,
  watch?: StderrWatcher,
  startTimeoutMs = 60_000,
): Promise<ClusterServer> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const errors: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (line) => {
    errors.push(line);
    watch?.(name, line);
    process.stderr.write(`${line}\n`);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, startTimeoutMs);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const url = /"msg":"listening".*"url":"http:\/\/localhost:(\d+)"/.exec(line);
      if (url) {
        clearTimeout(timer);
        const port = Number(url[1]);
        resolve({ name, env, child, port, base: `http://127.0.0.1:${port}`, lines, errors, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      const seconds = startTimeoutMs / 1000;
      reject(
        new Error(
          timedOut
            ? `${name} did not start within ${seconds} s (killed)`
            : `${name} exited with ${code} before listening`,
        ),
      );
    });
  });
}

/**
 * The shipped config with this cluster's listen addresses, servers and health-check path: the frontend
 * of HAProxy's Prometheus exporter binds `metricsPort`, every other `listenPort`, both on loopback. Each
 * backend's `server` lines become one per cluster server, with the options of that backend's first line
 * (a `track kasuwa_servers/app1` then names each server in turn).
 */
export function haproxyConfig(
  listenPort: number,
  servers: Pick<ClusterServer, 'name' | 'port'>[],
  healthPath: string,
  metricsPort: number,
): string {
  const lines = fs.readFileSync(HAPROXY_CONFIG, 'utf8').split('\n');
  // The section each line is in, and the sections that serve the exporter.
  let current = '';
  const sections = lines.map(
    (line) => (current = /^(?:global|defaults|frontend|backend|listen)\b.*/.exec(line)?.[0] ?? current),
  );
  const exporters = new Set(sections.filter((_, i) => /use-service\s+prometheus-exporter/.test(lines[i]!)));
  let inServers = false;
  return lines
    .flatMap((line, i) => {
      const server = /^(\s*)server\s+(\S+)\s+\S+(.*)$/.exec(line);
      if (!server) {
        inServers = false;
        const port = exporters.has(sections[i]!) ? metricsPort : listenPort;
        if (/^\s*bind\s/.test(line)) return [line.replace(/bind\s+\S+/, `bind 127.0.0.1:${port}`)];
        return [line.replace('GET /readyz', `GET ${healthPath}`)];
      }
      if (inServers) return [];
      inServers = true;
      const [, indent = '', template = '', options = ''] = server;
      return servers.map(
        (ours) =>
          `${indent}server ${ours.name} 127.0.0.1:${ours.port}${options.replaceAll(`/${template}`, `/${ours.name}`)}`,
      );
    })
    .join('\n');
}

export type Cluster = {
  servers: ClusterServer[];
  /** The balancer's address: what clients use. */
  base: string;
  /** The URL of HAProxy's own Prometheus metrics (its exporter, on a loopback port of its own). */
  balancerMetrics: string;
  /** What HAProxy's health check asks each server: /readyz, or /healthz on a build without it. */
  healthPath: string;
  /**
   * Starts servers[index] again with the same name and environment (as a supervisor would, once it
   * died), in its place. Behind HAProxy it needs a fixed PORT (serverEnv), as in production.
   */
  restart(index: number, startTimeoutMs?: number): Promise<ClusterServer>;
  /** Stops HAProxy, then the servers that are still running. */
  stop(): Promise<void>;
};

async function answers(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return 0;
  }
}

/**
 * Starts `count` servers at once on `env` (DATABASE_URL, SMTP_URL, …), each with `serverEnv(index)` on
 * top (its own PORT, METRICS_PORT), then HAProxy in front of them, and answers once the balancer passes
 * a request through. `/readyz` is the health check when the build has it, else `/healthz`.
 */
export async function startCluster(
  count: number,
  env: Record<string, string>,
  lbPort?: number,
  watch?: StderrWatcher,
  serverEnv: (index: number) => Record<string, string> = () => ({}),
): Promise<Cluster> {
  const haproxy = ensureHaproxy();
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) {
    throw new Error('dist/server/main.js is missing: run `node scripts/build.mjs` first');
  }
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => startServer(`app${i + 1}`, { ...env, ...serverEnv(i) }, watch)),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopServers = async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopServers();
    throw (failed as PromiseRejectedResult).reason;
  }
  const first = servers[0]!;
  const healthPath = (await answers(`${first.base}/readyz`)) === 404 ? '/healthz' : '/readyz';
  const port = lbPort ?? (await freePort());
  let metricsPort = await freePort();
  while (metricsPort === port) metricsPort = await freePort();
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-haproxy-'));
  const configFile = path.join(configDir, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig(port, servers, healthPath, metricsPort));
  // -db: stay in the foreground, so the child is HAProxy itself and SIGTERM stops it.
  const balancer = spawn(haproxy, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const balancerExited = new Promise((resolve) => balancer.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (balancer.exitCode === null) balancer.kill('SIGTERM');
    await balancerExited;
    await stopServers();
    fs.rmSync(configDir, { recursive: true, force: true });
  };
  const restart = async (index: number, startTimeoutMs?: number) => {
    const old = servers[index]!;
    if (old.child.exitCode === null && old.child.signalCode === null) throw new Error(`${old.name} is still running`);
    const started = await startServer(old.name, old.env, watch, startTimeoutMs);
    servers[index] = started;
    return started;
  };
  const deadline = Date.now() + 30_000;
  while ((await answers(`${base}${healthPath}`)) !== 200) {
    if (balancer.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`HAProxy did not pass requests through on ${base} within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { servers, base, balancerMetrics: `http://127.0.0.1:${metricsPort}/metrics`, healthPath, restart, stop };
}

/** Resident memory of a process in kB (Linux /proc), 0 once it is gone. */
export function rssKb(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
