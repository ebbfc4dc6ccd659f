/**
 * `npm run bench:peers` (docs/benchmarks.md#peers-npm-run-benchpeers): our /graphql against GraphQL Yoga and
 * Apollo Server on the same schema and services (answers checked byte for byte first), and our files
 * against Debian's nginx (one worker, and `auto`) with gzip_static; wrk, rounds alternating the contenders.
 * Needs `npm run build`. Usage: npm run bench:peers [-- --rounds 3 --seconds 5 --connections 20 --port 4200]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { measureBenchmarkIndex } from '../scripts/audit/phone-profiles.mjs';
import { SOURCE_NODE_ARGS } from '../scripts/source-node.mjs';
import { GET_STORE_LEADERBOARD_SOURCE } from '../widgets/shared/documents.js';
import { loadAverage } from './host-load.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
}
const ROUNDS = Number(option('rounds', '3'));
const SECONDS = Number(option('seconds', '5'));
const CONNECTIONS = Number(option('connections', '20'));
const BASE_PORT = Number(option('port', '4200'));
const repo = path.resolve(import.meta.dirname, '..');
const dist = fs.realpathSync(path.join(repo, 'dist'));
const LOOKUP = JSON.stringify({
  query: GET_STORE_LEADERBOARD_SOURCE,
  variables: { query: { domain: 'mama-nkechi-kitchen.kasuwa.shop' } },
});
const say = (line: string) => console.log(line);

if (!fs.existsSync(path.join(dist, 'server/main.js'))) {
  console.error('bench:peers needs a build: run `npm run build` first');
  process.exit(2);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-peers-'));
const children: ChildProcess[] = [];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
};
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));

/** A child process, resolved once a line of its stdout matches `ready`. */
function start(command: string, args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(command, args, {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} ${args.join(' ')} did not start within 120 s`)),
      120_000,
    );
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!ready.test(line)) return;
      clearTimeout(timer);
      resolve(child);
    });
  });
}

const serverEnv = {
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  DEMO_DATA: 'on',
  LOG_REQUESTS: 'off',
  DATA_DIR: path.join(work, 'var'),
};
const ports = {
  kasuwa: BASE_PORT,
  yoga: BASE_PORT + 1,
  apollo: BASE_PORT + 2,
  nginx1: BASE_PORT + 3,
  nginxAuto: BASE_PORT + 4,
};

function nginxConfig(port: number, workers: string): string {
  const prefix = path.join(work, `nginx-${port}`);
  fs.mkdirSync(prefix, { recursive: true });
  const file = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    file,
    `user root;
worker_processes ${workers};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    location /widgets/v1/ { alias ${dist}/widgets/; }
    location /widgets/ { alias ${dist}/widgets/; }
    location / { root ${dist}/site; try_files $uri $uri.html $uri/index.html =404; }
  }
}
`,
  );
  return file;
}

async function startNginx(port: number, workers: string) {
  const conf = nginxConfig(port, workers);
  const child = spawn('/usr/sbin/nginx', ['-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
  children.push(child);
  for (let i = 0; i < 50; i += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nginx on ${port} did not answer`);
}

type Run = { rps: number; p50: number; p99: number; load: number };
const ms = (text: string) => {
  const [, value, unit] = /([\d.]+)(us|ms|s)/.exec(text) ?? [];
  return Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
};

function wrk(url: string, { post, gzip }: { post?: string; gzip?: boolean }): Run {
  const script = path.join(work, 'post.lua');
  if (post) {
    fs.writeFileSync(
      script,
      `wrk.method = "POST"\nwrk.body = ${JSON.stringify(post)}\nwrk.headers["Content-Type"] = "application/json"\nwrk.headers["Accept"] = "application/graphql-response+json, application/json"\n`,
    );
  }
  const output = execFileSync(
    'wrk',
    [
      '-t1',
      `-c${CONNECTIONS}`,
      `-d${SECONDS}s`,
      '--latency',
      ...(gzip ? ['-H', 'Accept-Encoding: gzip'] : []),
      ...(post ? ['-s', script] : []),
      url,
    ],
    { encoding: 'utf8' },
  );
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1];
  if (non2xx) throw new Error(`${url}: ${non2xx} answers were not 2xx:\n${output}`);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]),
    p50: ms(/\n\s+50%\s+(\S+)/.exec(output)?.[1] ?? ''),
    p99: ms(/\n\s+99%\s+(\S+)/.exec(output)?.[1] ?? ''),
    load: os.loadavg()[0] as number,
  };
}

async function answerOf(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: LOOKUP,
  });
  return response.text();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
/** Bytes of every file (siblings included) under a folder: what a server on that build holds. */
const folderBytes = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
const rssMb = (pid: number | undefined) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

const started = Date.now();
const loadAtStart = loadAverage();
const benchmark = await measureBenchmarkIndex({ samples: 3 });
say(
  `[peers] ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, host BenchmarkIndex ${benchmark.index} (samples ${benchmark.samples.join('/')}), ${os.cpus().length} CPUs, load average ${loadAtStart}`,
);

const kasuwa = await start(
  process.execPath,
  ['dist/server/main.js'],
  { ...serverEnv, PORT: String(ports.kasuwa) },
  /"msg":"listening"/,
);
// The peers open the database our server has migrated and filled with the demo stores.
const peerArgs = (kind: string, port: number) => [...SOURCE_NODE_ARGS, 'bench/peers-server.ts', kind, String(port)];
await Promise.all([
  start(process.execPath, peerArgs('yoga', ports.yoga), serverEnv, /^listening/),
  start(process.execPath, peerArgs('apollo', ports.apollo), serverEnv, /^listening/),
  startNginx(ports.nginx1, '1'),
  startNginx(ports.nginxAuto, 'auto'),
]);

const answers = await Promise.all([ports.kasuwa, ports.yoga, ports.apollo].map(answerOf));
const [ours] = answers;
// Apollo Server ends its JSON with a newline: the bytes compared are the JSON.
if (!ours?.includes('"rank"') || answers.some((answer) => answer.trimEnd() !== ours)) {
  console.error(`[peers] the answers differ; nothing measured:\n${answers.join('\n')}`);
  process.exit(1);
}
say(
  `[peers] the three GraphQL servers answer the lookup with the same ${Buffer.byteLength(ours)} bytes of JSON (Apollo adds a newline)`,
);

const chunk = fs
  .readdirSync(path.join(dist, 'widgets/chunks'))
  .filter((name) => name.endsWith('.js'))
  .sort()[0];
const files = ['/', '/pricing', '/widgets/v1/kasuwa-widgets.js', `/widgets/chunks/${chunk}`];
for (const file of files) {
  const [a, b] = await Promise.all(
    [ports.kasuwa, ports.nginx1].map(async (port) => {
      const response = await fetch(`http://127.0.0.1:${port}${file}`, { headers: { 'accept-encoding': 'identity' } });
      if (response.status !== 200) throw new Error(`${file} on ${port}: ${response.status}`);
      return (await response.arrayBuffer()).byteLength;
    }),
  );
  say(`[peers] ${file}: ${fmt(a as number)} bytes from us, ${fmt(b as number)} from nginx (gzip asked in the runs)`);
}

type Test = { name: string; contenders: [string, number][]; post?: string; path: string };
const tests: Test[] = [
  {
    name: 'rank lookup (POST /graphql)',
    path: '/graphql',
    post: LOOKUP,
    contenders: [
      ['kasuwa', ports.kasuwa],
      ['yoga', ports.yoga],
      ['apollo', ports.apollo],
    ],
  },
  ...files.map((file) => ({
    name: file,
    path: file,
    contenders: [
      ['kasuwa', ports.kasuwa],
      ['nginx 1 worker', ports.nginx1],
      ['nginx auto', ports.nginxAuto],
    ] as [string, number][],
  })),
];
const runs = new Map<string, Run[]>();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const test of tests) {
    // Each round starts with another contender, so none always runs first (or last).
    const order = test.contenders.map(
      (_, i) => test.contenders[(i + round) % test.contenders.length] as [string, number],
    );
    for (const [name, port] of order) {
      const run = wrk(`http://127.0.0.1:${port}${test.path}`, { post: test.post, gzip: !test.post });
      const key = `${test.name}\t${name}`;
      runs.set(key, [...(runs.get(key) ?? []), run]);
      say(
        `[peers] round ${round + 1} ${test.name} ${name}: ${fmt(run.rps)} req/s, p50 ${fmt(run.p50, 2)} ms, p99 ${fmt(run.p99, 2)} ms, load ${run.load.toFixed(2)}`,
      );
    }
  }
}

say('');
say(
  `| test | contender | req/s | p50 ms | p99 ms | ours ÷ theirs (req/s) | load (1 min, per run) |\n| --- | --- | ---: | ---: | ---: | ---: | --- |`,
);
for (const test of tests) {
  const ourRps = median((runs.get(`${test.name}\tkasuwa`) ?? []).map((run) => run.rps));
  for (const [name] of test.contenders) {
    const list = runs.get(`${test.name}\t${name}`) ?? [];
    const rps = median(list.map((run) => run.rps));
    say(
      `| ${test.name} | ${name} | ${fmt(rps)} | ${fmt(median(list.map((run) => run.p50)), 2)} | ${fmt(median(list.map((run) => run.p99)), 2)} | ${name === 'kasuwa' ? '' : `${(ourRps / rps).toFixed(2)}×`} | ${list.map((run) => run.load.toFixed(1)).join(' / ')} |`,
    );
  }
}
const site = folderBytes(path.join(dist, 'site'));
const widgets = folderBytes(path.join(dist, 'widgets'));
say(
  `\n[peers] memory for the build held: ${fmt(site / 1e6, 1)} MB site + ${fmt(widgets / 1e6, 1)} MB widgets (files and their .br/.gz); our server's RSS ${fmt(rssMb(kasuwa.pid), 0)} MB after the runs`,
);
say(
  `[peers] ${ROUNDS} rounds × ${SECONDS} s × ${CONNECTIONS} connections, ${Math.round((Date.now() - started) / 1000)} s; load average ${loadAtStart} at start, ${loadAverage()} at the end`,
);
process.exit(0);
