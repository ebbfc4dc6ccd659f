/**
 * The disk under DATA_DIR fills up while the server runs: a real 8 MB tmpfs (mounted as root), or where
 * mounting is not allowed SQLite's max_page_count. The operator reads that the disk is full, a signup is
 * answered UNAVAILABLE, the ingest 503; once there is room the same database takes both again, intact.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../../common/messages.js';
import { postStartSelling } from '../../testing/server/start-selling.js';
import { startTestServerOn } from '../../testing/server/test-server.js';
import { SQLITE_FILE } from './database.js';

const TOKEN = 'test-ingest-token-0123456789';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-disk-full-'));
let tmpfs = false;
let running: Awaited<ReturnType<typeof startTestServerOn>>;
const base = () => `http://127.0.0.1:${running.port}`;

beforeAll(async () => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'tmpfs', dir], { stdio: 'ignore' });
    tmpfs = true;
  } catch {
    console.warn('[test] cannot mount a tmpfs here: filling the database with PRAGMA max_page_count instead');
  }
  running = await startTestServerOn({ DATA_DIR: dir }, { INGEST_TOKEN: TOKEN, SIGNUP_IP_LIMIT: '100000' });
});
afterAll(async () => {
  await running?.close();
  if (tmpfs) execFileSync('umount', [dir]);
  fs.rmSync(dir, { recursive: true, force: true });
});

const signUp = async (email: string) =>
  (await (await postStartSelling(base(), { email })).json()) as {
    data?: unknown;
    errors?: { message: string; extensions: Record<string, unknown> }[];
  };

/** A batch of 2,000 sales: more than any room left in the database's pages. */
const ingest = async (batch: string) => {
  const lines = Array.from({ length: 2000 }, (_, i) =>
    JSON.stringify({
      order_id: `${batch}-${i}`,
      store_id: 'demo-0003',
      amount: 50,
      status: 'paid',
      paid_at: '2026-12-24T12:00:00+01:00',
    }),
  );
  const response = await fetch(`${base()}/ingest/sales`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${TOKEN}` },
    body: lines.join('\n'),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const FILLER = path.join(dir, 'filler');

/** Takes the disk's last byte (tmpfs), or caps the database at the pages it has; returns how to undo it. */
async function fillTheDisk(): Promise<() => Promise<void>> {
  if (!tmpfs) {
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(running.db);
    await sql.raw(`PRAGMA max_page_count = ${rows[0]!.page_count}`).execute(running.db);
    return async () => void (await sql.raw('PRAGMA max_page_count = 1073741823').execute(running.db));
  }
  // An empty WAL, so the next commit needs new room rather than reusing the old log's.
  const other = new SQLite(path.join(dir, SQLITE_FILE));
  other.pragma('wal_checkpoint(TRUNCATE)');
  other.close();
  const fd = fs.openSync(FILLER, 'w');
  try {
    for (const block = Buffer.alloc(4096, 1); ; ) fs.writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  return async () => fs.rmSync(FILLER);
}

it('given the disk holding DATA_DIR full should say so, refuse signups as UNAVAILABLE and the ingest with 503, and take both once there is room', async () => {
  expect(await signUp('before@example.com')).toEqual({ data: { startSelling: { success: true } } });
  const logged = vi.spyOn(console, 'error');
  const freeSpace = await fillTheDisk();

  // The WAL may still hold a few pages' room: sign up until a commit meets the full disk.
  let refused: Awaited<ReturnType<typeof signUp>> | undefined;
  for (let i = 0; i < 500 && !refused; i += 1) {
    const answer = await signUp(`full-${i}@example.com`);
    if (answer.errors) refused = answer;
  }
  expect(refused).toEqual({
    data: null,
    errors: [
      expect.objectContaining({
        message: UNAVAILABLE_MESSAGE,
        extensions: { code: 'UNAVAILABLE', retryAfterSeconds: 5 },
      }),
    ],
  });
  const lines = () =>
    logged.mock.calls.flatMap(([line]) => (String(line).startsWith('{') ? [JSON.parse(String(line))] : []));
  expect(lines()).toContainEqual({
    level: 'warn',
    time: expect.any(String),
    msg: 'signup refused: database unavailable',
    error: expect.stringMatching(
      new RegExp(`^the disk holding DATA_DIR is full: ${dir} has \\d+ kB free \\(SQLITE_FULL`),
    ),
  });
  expect(await ingest('full-disk')).toEqual({
    status: 503,
    body: { error: "The server's disk is full; nothing was applied. Retry the same batch later." },
  });
  expect(lines()).toContainEqual(
    expect.objectContaining({
      msg: 'ingest refused: disk full',
      error: expect.stringMatching(/^the disk holding DATA_DIR is full: /),
    }),
  );

  await freeSpace();
  expect(await signUp('after@example.com')).toEqual({ data: { startSelling: { success: true } } });
  expect(await ingest('full-disk')).toMatchObject({ status: 200, body: { accepted: 2000 } });
  const check = new SQLite(path.join(dir, SQLITE_FILE), { readonly: true });
  try {
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    const emails = check.prepare('SELECT email FROM signups').pluck().all();
    expect(emails).toEqual(expect.arrayContaining(['before@example.com', 'after@example.com']));
  } finally {
    check.close();
  }
});
