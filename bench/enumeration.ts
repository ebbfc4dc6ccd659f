/**
 * `npm run bench:enumeration` (docs/benchmarks.md#enumeration): the partner programme's join and new-link
 * forms timed for an address that holds a code and one that does not, alternating, on the built server:
 * both medians, their difference and the run's own noise (the two halves of each kind apart).
 * Needs `npm run build`. Usage: npm run bench:enumeration [-- --pairs 40 --warm 10 --gap 25 --port 4210]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { measureBenchmarkIndex } from '../scripts/audit/phone-profiles.mjs';
import { loadAverage } from './host-load.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
}
const PAIRS = Math.max(25, Number(option('pairs', '40')));
const WARM = Number(option('warm', '10'));
/** A pause after each answer: each request meets a server at rest, as one probe at a time would. */
const GAP_MS = Number(option('gap', '25'));
const PORT = Number(option('port', '4210'));
const repo = path.resolve(import.meta.dirname, '..');
const HOLDER = 'holder@example.ng';
const CODE = 'radio-lagos';

if (!fs.existsSync(path.join(repo, 'dist/server/main.js'))) {
  console.error('bench:enumeration needs a build: run `npm run build` first');
  process.exit(2);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-enumeration-'));
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(PORT),
  NODE_ENV: 'test',
  DEMO_DATA: 'off',
  LOG_REQUESTS: 'off',
  DATA_DIR: path.join(work, 'var'),
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  PARTNER_LINK_SECRET: 'bench-enumeration-secret-of-32-bytes-or-more',
  // Every request below is answered, never refused by a limit.
  SIGNUP_IP_LIMIT: '1000000',
  SIGNUP_EMAIL_LIMIT: '1000000',
};
let server: ChildProcess | undefined;
process.on('exit', () => {
  server?.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

// The holder's code, confirmed (as partners:assign makes it): the join form then re-mails its link.
execFileSync(process.execPath, ['dist/server/admin.js', 'partners:assign', CODE, HOLDER], { cwd: repo, env });
server = spawn(process.execPath, ['dist/server/main.js'], { cwd: repo, env, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise<void>((resolve, reject) => {
  server?.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  readline.createInterface({ input: server!.stdout! }).on('line', (line) => {
    if (line.includes('"msg":"listening"')) resolve();
  });
});

type Form = { name: string; path: string; status: number; fields: (email: string) => Record<string, string> };
const forms: Form[] = [
  { name: 'join', path: '/partners/join', status: 409, fields: (email) => ({ email, site: '@bench', code: CODE }) },
  { name: 'new-link', path: '/partners/new-link', status: 200, fields: (email) => ({ email }) },
];

/** One POST of the form, its whole answer read: milliseconds. */
async function timed(form: Form, email: string): Promise<number> {
  const body = new URLSearchParams({ ...form.fields(email), locale: 'en' }).toString();
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}${form.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  await response.text();
  const ms = performance.now() - started;
  if (response.status !== form.status) throw new Error(`${form.path} for ${email} answered ${response.status}`);
  await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percent = (a: number, b: number) => (Math.abs(a - b) / Math.min(a, b)) * 100;
/** The run's own noise for one kind: its first and second halves' medians apart, in %. */
const halves = (values: number[]) =>
  percent(median(values.slice(0, values.length / 2)), median(values.slice(values.length / 2)));

const loadAtStart = loadAverage();
const benchmark = await measureBenchmarkIndex({ samples: 3 });
console.log(
  `[enumeration] ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, host BenchmarkIndex ${benchmark.index} (samples ${benchmark.samples.join('/')}), nproc ${os.availableParallelism()}, load average ${loadAtStart}; ${WARM} warm-up pairs, then ${PAIRS} pairs, ${GAP_MS} ms after each answer`,
);
let worst = 0;
for (const form of forms) {
  const times = { holder: [] as number[], stranger: [] as number[] };
  for (let pair = 0; pair < WARM + PAIRS; pair += 1) {
    // Each pair starts with the other kind than the last, so neither always comes first.
    const order = pair % 2 ? (['stranger', 'holder'] as const) : (['holder', 'stranger'] as const);
    for (const kind of order) {
      const ms = await timed(form, kind === 'holder' ? HOLDER : `nobody-${pair}@example.ng`);
      if (pair >= WARM) times[kind].push(ms);
    }
  }
  const [holder, stranger] = [median(times.holder), median(times.stranger)];
  const difference = percent(holder, stranger);
  const noise = Math.max(halves(times.holder), halves(times.stranger));
  const verdict = difference <= 10 || difference <= noise ? 'within the goal' : 'OVER the goal';
  worst = Math.max(worst, verdict === 'within the goal' ? 0 : 1);
  console.log(
    `[enumeration] ${form.name}: holds a code ${holder.toFixed(2)} ms, holds none ${stranger.toFixed(2)} ms (medians of ${PAIRS}); difference ${difference.toFixed(1)} %, the run's own noise ${noise.toFixed(1)} % (halves of one kind); ${verdict} (10 %, or the noise); load ${loadAverage()}`,
  );
}
process.exit(worst);
