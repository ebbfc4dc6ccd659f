/**
 * Configuration reaches the pages at run time, never through dist/: a server started
 * with `npm start` and its IDs, then an admin command and a second server with another environment.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { listeningPort } from '../testing/server/listening.js';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The environment of a shell with none of the site's settings. */
function bareEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['GA_MEASUREMENT_ID', 'META_PIXEL_ID', 'CHAT_WIDGET_ID', 'PUBLIC_URL']) delete env[name];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-runtime-config-'));
  dirs.push(dataDir);
  return { ...env, DATA_DIR: dataDir, DEMO_DATA: 'off', NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', ...extra };
}

/** `npm start` as an operator runs it; resolves with its port once it listens. */
async function npmStart(env: Record<string, string>): Promise<{ port: number; output: () => string }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: bareEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return listeningPort(child, 'server');
}

const home = async (port: number) => (await fetch(`http://127.0.0.1:${port}/`)).text();

/** Every file under dist/ with its modification time and size. */
function distSnapshot(): Record<string, string> {
  const files = fs.readdirSync('dist', { recursive: true, encoding: 'utf8' });
  return Object.fromEntries(
    files.flatMap((file) => {
      const stat = fs.statSync(path.join('dist', file));
      return stat.isFile() ? [[file, `${stat.mtimeMs} ${stat.size}`]] : [];
    }),
  );
}

it('given a running server with its IDs should keep them through an admin command and a second server with another environment, dist/ untouched', async () => {
  expect(fs.existsSync('dist/server/main.js'), 'run `npm run build` first').toBe(true);
  const first = await npmStart({ GA_MEASUREMENT_ID: 'G-TEST1234', PUBLIC_URL: 'https://one.example' });
  expect(first.output()).not.toContain('building');
  const before = distSnapshot();
  expect(await home(first.port)).toContain('<meta name="kasuwa-ga-id" content="G-TEST1234">');

  const admin = spawnSync(process.execPath, ['scripts/start.mjs', '--admin', 'status'], {
    env: bareEnv({ PUBLIC_URL: 'https://admin.example' }),
    encoding: 'utf8',
  });
  expect(admin.status, admin.stderr).toBe(0);
  expect(`${admin.stdout}${admin.stderr}`).not.toMatch(/build/i);

  const second = await npmStart({ PUBLIC_URL: 'https://two.example', META_PIXEL_ID: '99887766' });
  const secondHome = await home(second.port);
  expect(secondHome).toContain('<link rel="canonical" href="https://two.example/">');
  expect(secondHome).not.toContain('G-TEST1234');

  const firstHome = await home(first.port);
  expect(firstHome).toContain('<meta name="kasuwa-ga-id" content="G-TEST1234">');
  expect(firstHome).toContain('<link rel="canonical" href="https://one.example/">');
  expect(firstHome).not.toContain('99887766');
  const sitemap = await (await fetch(`http://127.0.0.1:${first.port}/sitemap.xml`)).text();
  expect(sitemap).toContain('https://one.example/pricing');
  expect(distSnapshot()).toEqual(before);
}, 120_000);

it('given no dist/server/admin.js should name the build command and build nothing', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-no-dist-'));
  dirs.push(root);
  fs.mkdirSync(path.join(root, 'scripts'));
  fs.copyFileSync('scripts/start.mjs', path.join(root, 'scripts/start.mjs'));
  fs.copyFileSync('scripts/runtime.mjs', path.join(root, 'scripts/runtime.mjs'));
  const admin = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--admin', 'status'], {
    env: bareEnv({}),
    encoding: 'utf8',
  });
  expect(admin.status).toBe(1);
  expect(admin.stderr).toContain('run `npm run build` first');
  expect(fs.existsSync(path.join(root, 'dist'))).toBe(false);
}, 30_000);
