/**
 * A deploy beside a page that is already open: a server runs on one build, a widget source changes and
 * `npm run build` runs beside it; every file the old loader (and the home page) can ask for answers 200
 * during the build, after it from the same server, and from a server started on the new build.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');
const LEFT_OUT = new Set([
  '.git',
  'node_modules',
  'dist',
  'builds',
  'releases',
  'var',
  'test-results',
  'playwright-report',
]);
/** A change to one widget's code: its chunk gets a new hashed name, so the old name is not in the new build. */
const CHANGED_SOURCE = 'widgets/pricing-plans/pricing-plans.define.ts';

type Server = { child: ChildProcess; base: string };

function startServer(cwd: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_REQUESTS: 'off' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = /"msg":"listening".*"url":"http:\/\/localhost:(\d+)"/.exec(line)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({ child, base: `http://127.0.0.1:${port}` });
    });
  });
}

const text = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(10_000) })).text();

/** The loader, every chunk it or they import, and the home page's own assets, as URL paths. */
async function filesAPageMayAskFor(base: string): Promise<string[]> {
  const found = new Set<string>(['/widgets/kasuwa-widgets.js']);
  const pending = ['/widgets/kasuwa-widgets.js'];
  while (pending.length) {
    const file = pending.pop() as string;
    const source = await text(`${base}${file}`);
    for (const [, relative] of source.matchAll(/["'](\.\.?\/[\w./-]+\.js)["']/g)) {
      const url = path.posix.join(path.posix.dirname(file), relative as string);
      if (found.has(url)) continue;
      found.add(url);
      pending.push(url);
    }
  }
  const home = await text(`${base}/`);
  for (const [, asset] of home.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)) found.add(asset as string);
  return [...found].sort();
}

async function statuses(base: string, files: string[]): Promise<string[]> {
  const answers = await Promise.all(
    files.map(async (file) => {
      const response = await fetch(`${base}${file}`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      return `${response.status} ${file}`;
    }),
  );
  return answers.filter((answer) => !answer.startsWith('200 '));
}

describe('npm run build beside a running server', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-deploy-'));
  const servers: Server[] = [];

  beforeAll(() => {
    expect(fs.existsSync(path.join(repo, 'dist/server/main.js')), 'run `npm run build` first').toBe(true);
    // The sources as a deploy has them, node_modules shared, and the current build as the live one.
    fs.cpSync(repo, work, {
      recursive: true,
      filter: (source) => !LEFT_OUT.has(path.basename(source)) || path.dirname(source) !== repo,
    });
    fs.symlinkSync(path.join(repo, 'node_modules'), path.join(work, 'node_modules'));
    fs.cpSync(fs.realpathSync(path.join(repo, 'dist')), path.join(work, 'builds/first'), { recursive: true });
    fs.symlinkSync('builds/first', path.join(work, 'dist'));
  });

  afterAll(() => {
    for (const server of servers) server.child.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('given an open page from the old build should answer every file it may ask for, during and after', async () => {
    const old = await startServer(work, path.join(work, 'var'));
    servers.push(old);
    const files = await filesAPageMayAskFor(old.base);
    expect(files.filter((file) => file.startsWith('/widgets/chunks/')).length).toBeGreaterThan(5);
    expect(files.filter((file) => file.startsWith('/assets/')).length).toBeGreaterThan(0);

    const source = path.join(work, CHANGED_SOURCE);
    fs.appendFileSync(source, "\nconsole.info('kasuwa deploy probe');\n");
    const build = spawn('npm', ['run', 'build', '--silent'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    const built = new Promise<number | null>((resolve) => build.once('exit', resolve));
    let finished = false;
    void built.then(() => {
      finished = true;
    });
    const during: string[] = [];
    let rounds = 0;
    while (!finished) {
      during.push(...(await statuses(old.base, files)));
      rounds += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await built, 'the build failed').toBe(0);
    expect(rounds).toBeGreaterThan(3);
    expect(during).toEqual([]);
    expect(await statuses(old.base, files)).toEqual([]);

    const next = await startServer(work, path.join(work, 'var-next'));
    servers.push(next);
    const nextFiles = await filesAPageMayAskFor(next.base);
    // The change reached the new build: some of the old files are not part of it, and are still served.
    expect(files.filter((file) => !nextFiles.includes(file)).length).toBeGreaterThan(0);
    expect(await statuses(next.base, files)).toEqual([]);
    expect(await statuses(next.base, nextFiles)).toEqual([]);
    expect(await statuses(old.base, nextFiles)).toEqual([]);
  }, 600_000);
});
