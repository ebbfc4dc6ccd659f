/**
 * Files served while the ground moves, on a server process of its own with 256 file descriptors: more
 * readers that never read than descriptors, a file removed between lookup and read, an older build swept
 * while asked for. The server never exits, each answer is whole or a clean status, and it serves again
 * once the readers are gone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const FD_LIMIT = 256;
/** Readers that never read: well past the descriptor limit. */
const SLOW_READERS = 400;
const LOADER = '/widgets/kasuwa-widgets.iife.js';
const CHUNK = '/widgets/chunks/chunk-CURRENT1.js';
const OLD_CHUNK = '/widgets/chunks/chunk-PREVIOUS.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-static-faults-'));
const current = path.join(work, 'builds/2026-12-02-current');
const previous = path.join(work, 'builds/2026-12-01-previous');
/** 8 MB: far more than a socket's buffers hold, so an answer to a reader that never reads stays under way. */
const loader = Buffer.from(crypto.randomBytes(6 * 1024 * 1024).toString('base64'));
const chunk = Buffer.from(`export const current = "${'c'.repeat(200_000)}";\n`);
const oldChunk = Buffer.from(`export const previous = "${'p'.repeat(200_000)}";\n`);

function writeBuild(dir: string, files: Record<string, Buffer | string>) {
  for (const [file, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  }
}
const writePrevious = () => {
  writeBuild(previous, { [`widgets${OLD_CHUNK.slice('/widgets'.length)}`]: oldChunk, 'site/index.html': '<p>old' });
  fs.writeFileSync(path.join(previous, '.replaced-at'), new Date().toISOString());
};

let child: ChildProcess;
let base: string;
let port: number;
const errors: string[] = [];

beforeAll(() => {
  writeBuild(current, {
    'site/index.html': '<!doctype html><title>Kasuwa</title><p>home',
    'site/404.html': '<!doctype html><title>Not found</title>',
    [`widgets${LOADER.slice('/widgets'.length)}`]: loader,
    [`widgets${CHUNK.slice('/widgets'.length)}`]: chunk,
  });
  writePrevious();
  fs.symlinkSync('builds/2026-12-02-current', path.join(work, 'dist'));
});

/** A server of its own for each test, so one that ends a server does not take the next test with it. */
beforeEach(async () => {
  errors.length = 0;
  child = spawn(
    'sh',
    [
      '-c',
      `ulimit -n ${FD_LIMIT} && exec "${process.execPath}" --import tsx --import ./scripts/lingui-register.mjs server/main.ts`,
    ],
    {
      cwd: repo,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        LOG_REQUESTS: 'off',
        DATA_DIR: path.join(work, 'var'),
        SITE_DIR: path.join(work, 'dist/site'),
        WIDGETS_DIR: path.join(work, 'dist/widgets'),
        WIDGET_RELEASES_DIR: path.join(work, 'releases'),
        SITE_PAGES: 'testing/server/plain-pages.ts',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  readline.createInterface({ input: child.stderr! }).on('line', (line) => errors.push(line));
  port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" within 60 s: ${errors.join('\n')}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${errors.join('\n')}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const found = /"msg":"listening".*"url":"http:\/\/localhost:(\d+)"/.exec(line)?.[1];
      if (!found) return;
      clearTimeout(timer);
      resolve(Number(found));
    });
  });
  base = `http://127.0.0.1:${port}`;
}, 90_000);

afterEach(() => {
  child?.kill('SIGKILL');
});

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

const alive = () => child.exitCode === null && child.signalCode === null;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What one request got: its status and whole body, or how the connection broke. */
async function ask(url: string): Promise<{ status: number; body: Buffer } | { broken: string }> {
  try {
    const response = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(10_000) });
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  } catch (error) {
    return { broken: String((error as Error).cause ?? error) };
  }
}

/** Asks for `url` from 16 clients at once while `meddle` runs every few milliseconds, for `ms`. */
async function hammer(url: string, ms: number, meddle: () => void) {
  const answers: Awaited<ReturnType<typeof ask>>[] = [];
  const until = Date.now() + ms;
  const meddling = setInterval(meddle, 3);
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (Date.now() < until && alive()) answers.push(await ask(url));
    }),
  );
  clearInterval(meddling);
  return answers;
}

/** Whole files as they were, or a clean "not found" / "server error": never a cut answer or a reset. */
const summary = (answers: Awaited<ReturnType<typeof ask>>[], whole: Buffer) =>
  answers.map((answer) =>
    'broken' in answer
      ? `broken: ${answer.broken}`
      : answer.status === 200
        ? answer.body.equals(whole)
          ? 'whole'
          : `cut at ${answer.body.length} of ${whole.length}`
        : answer.status === 404 || answer.status === 500
          ? 'refused cleanly'
          : `status ${answer.status}`,
  );

describe(`a server with ${FD_LIMIT} file descriptors`, () => {
  it(`given ${SLOW_READERS} connections that ask for the loader and never read should keep running and serve again once they leave`, async () => {
    const readers = Array.from({ length: SLOW_READERS }, () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(`GET ${LOADER} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n`);
      socket.pause();
      return socket;
    });
    await pause(3000);
    const runningWhileHeld = alive();
    for (const socket of readers) socket.destroy();
    await pause(1000);
    expect(runningWhileHeld, `the server exited while the readers held on:\n${errors.join('\n')}`).toBe(true);
    expect(alive()).toBe(true);
    const health = await ask('/healthz');
    expect('status' in health && health.status).toBe(200);
    expect(summary([await ask(LOADER)], loader)).toEqual(['whole']);
  }, 30_000);

  it('given a file removed and written again between finding it and reading it, many times over, should answer each request whole from memory', async () => {
    const file = path.join(current, 'widgets/chunks/chunk-CURRENT1.js');
    expect(summary([await ask(CHUNK)], chunk)).toEqual(['whole']);
    let there = true;
    const answers = await hammer(CHUNK, 4000, () => {
      if (there) fs.rmSync(file, { force: true });
      else fs.writeFileSync(file, chunk);
      there = !there;
    });
    fs.writeFileSync(file, chunk);
    expect(alive(), `the server exited:\n${errors.join('\n')}`).toBe(true);
    expect(answers.length).toBeGreaterThan(100);
    // The build was read at start: what happens on disk afterwards changes no answer.
    expect(summary(answers, chunk).filter((answer) => answer !== 'whole')).toEqual([]);
  }, 30_000);

  it('given an older build swept and put back while its chunk is asked for should answer whole or not found, and keep running', async () => {
    expect(summary([await ask(OLD_CHUNK)], oldChunk)).toEqual(['whole']);
    let there = true;
    const answers = await hammer(OLD_CHUNK, 4000, () => {
      if (there) fs.rmSync(previous, { recursive: true, force: true });
      else writePrevious();
      there = !there;
    });
    writePrevious();
    expect(alive(), `the server exited:\n${errors.join('\n')}`).toBe(true);
    expect(answers.length).toBeGreaterThan(100);
    expect(summary(answers, oldChunk).filter((answer) => answer !== 'whole' && answer !== 'refused cleanly')).toEqual(
      [],
    );
  }, 30_000);
});
