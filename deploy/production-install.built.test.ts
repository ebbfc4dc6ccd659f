/**
 * docs/deploying.md's "Production install" in a temporary folder: the current build's release
 * (scripts/release.mjs), `npm ci --omit=dev --omit=optional` there with the `node` running this test,
 * `npm run admin -- migrate` on an empty database and `npm start`, on SQLite and PostgreSQL. No build tool.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assembleRelease, sbom } from '../scripts/release.mjs';
import { TEST_BACKENDS } from '../testing/server/databases.js';
import { listeningPort } from '../testing/server/listening.js';
import { dropScratchDatabase } from '../testing/server/scratch-database.js';
import { postStartSelling } from '../testing/server/start-selling.js';

/** Build and test tools, all devDependencies: a production install must not bring them. */
const BUILD_TOOLS = ['vite', 'tsup', 'terser', 'browserslist-to-esbuild', 'esbuild', 'typescript', 'vitest'];

const release = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-production-'));
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(release, { recursive: true, force: true })];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const child of children) {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // Its group has already exited.
    }
  }
});

/** npm as an operator runs it in the release, on the `node` running this test (first on PATH). */
function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^(npm_|NODE_OPTIONS$|VITEST)/i.test(name)) delete env[name];
  return { ...env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${env.PATH}`, ...extra };
}

const npm = (args: string[], env: NodeJS.ProcessEnv = npmEnv()) => {
  const run = spawnSync('npm', args, { cwd: release, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

/** `npm start` in the release; resolves with its address once it listens. */
async function npmStart(env: NodeJS.ProcessEnv): Promise<{ base: string; output: () => string }> {
  // Its own process group, so stopping it stops the server npm runs too.
  const child = spawn('npm', ['start'], { cwd: release, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  const { port, output } = await listeningPort(child, 'npm start');
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      process.kill(-(child.pid as number), 'SIGTERM');
    });
  cleanups.push(stop);
  return { base: `http://127.0.0.1:${port}`, output };
}

/** An empty database of that backend, as a deploy finds it before its first migrate. */
async function emptyDatabase(backend: string): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-production-data-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (backend === 'postgres') {
    const adminUrl = inject('postgresAdminUrl');
    const name = `kasuwa_production_${crypto.randomBytes(6).toString('hex')}`;
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    cleanups.push(() => dropScratchDatabase(adminUrl, name));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.href;
  }
  return env;
}

let install: { status: number | null; output: string };

beforeAll(() => {
  expect(fs.existsSync('dist/server/main.js'), 'run `npm run build` first').toBe(true);
  assembleRelease(release);
  // As on a checkout installed without its dev dependencies: the build script is there, the sources' stamp is not,
  // so a start that could build would.
  fs.cpSync('scripts/build.mjs', path.join(release, 'scripts/build.mjs'));
  fs.rmSync(path.join(release, 'dist/.build-stamp'), { force: true });
  install = npm(['ci', '--omit=dev', '--omit=optional', '--prefer-offline', '--no-audit', '--no-fund']);
}, 900_000);

describe('a production install of the build', { timeout: 120_000 }, () => {
  it('should install the production dependencies only, every install script decided, the native module loading', () => {
    expect(install.status, install.output).toBe(0);
    expect(install.output).not.toMatch(/not yet covered by allowScripts/);
    for (const tool of BUILD_TOOLS) expect(fs.existsSync(path.join(release, 'node_modules', tool)), tool).toBe(false);
    const loads = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
      cwd: release,
      encoding: 'utf8',
    });
    expect(loads.status, loads.stderr).toBe(0);
    const packages =
      npm(['ls', '--omit=dev', '--omit=optional', '--all', '--parseable']).output.trim().split('\n').length - 1;
    const megabytes = spawnSync('du', ['-sm', path.join(release, 'node_modules')], { encoding: 'utf8' }).stdout;
    console.log(`[production install] ${packages} packages, ${megabytes.split('\t')[0]} MB in node_modules`);
  });

  it("should hold a CycloneDX SBOM of what it installed: the server's dependencies, no build tool", () => {
    const bom = JSON.parse(sbom(release)) as {
      bomFormat: string;
      components: { name: string; version: string; purl: string; licenses?: unknown[] }[];
    };
    expect(bom.bomFormat).toBe('CycloneDX');
    const names = bom.components.map((component) => component.name);
    expect(names).toEqual(expect.arrayContaining(['better-sqlite3', 'graphql', 'kysely', 'pg', 'react-dom']));
    for (const tool of BUILD_TOOLS) expect(names, tool).not.toContain(tool);
    const installed = JSON.parse(
      fs.readFileSync(path.join(release, 'node_modules/better-sqlite3/package.json'), 'utf8'),
    );
    expect(bom.components.find((component) => component.name === 'better-sqlite3')).toMatchObject({
      version: installed.version,
      purl: `pkg:npm/better-sqlite3@${installed.version}`,
      licenses: [{ license: { id: 'MIT' } }],
    });
  });

  describe.each(TEST_BACKENDS)('on %s', (backend) => {
    let env: NodeJS.ProcessEnv;
    beforeAll(async () => {
      const database = await emptyDatabase(backend);
      // One server: its e-mail may stay in DATA_DIR, which PostgreSQL otherwise refuses (docs/scaling.md).
      const server = { DEMO_DATA: 'off', NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', SINGLE_SERVER: 'on' };
      env = npmEnv({ ...database, ...server });
    });

    it('given an empty database should migrate it with npm run admin -- migrate, then find it up to date', () => {
      const first = npm(['run', 'admin', '--', 'migrate'], env);
      expect(first.status, first.output).toBe(0);
      expect(first.output).toMatch(/applied {3}0001_/);
      const again = npm(['run', 'admin', '--', 'migrate'], env);
      expect(again.output).toContain('applied   nothing (up to date)');
    });

    it('given npm start should serve the home page, /graphql, the widgets and a kept widget version, without building', async () => {
      const server = await npmStart(env);
      const home = await fetch(`${server.base}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toMatch(/<html lang="en"[\s\S]*Kasuwa/);

      const signup = await postStartSelling(server.base, { email: `production-${backend}@example.ng` });
      expect(await signup.json()).toEqual({ data: { startSelling: { success: true } } });

      const { version } = JSON.parse(fs.readFileSync('packages/widgets/package.json', 'utf8'));
      for (const widgets of ['/widgets/v1/kasuwa-widgets.js', `/widgets/${version}/kasuwa-widgets.js`]) {
        const script = await fetch(`${server.base}${widgets}`);
        expect([widgets, script.status, script.headers.get('content-type')]).toEqual([
          widgets,
          200,
          'text/javascript; charset=utf-8',
        ]);
        expect(await script.text()).toContain('customElements');
      }
      expect(server.output()).not.toMatch(/building/i);
    });
  });

  it('given no build should refuse to start and say how to get one, building nothing', () => {
    fs.renameSync(path.join(release, 'dist'), path.join(release, 'dist-away'));
    try {
      const start = npm(['start'], npmEnv({ PORT: '0', HOST: '127.0.0.1' }));
      expect(start.status).not.toBe(0);
      expect(start.output).toContain('dist/server/main.js is missing: run `npm run build` first');
      expect(fs.existsSync(path.join(release, 'dist'))).toBe(false);
    } finally {
      fs.renameSync(path.join(release, 'dist-away'), path.join(release, 'dist'));
    }
  });
});
