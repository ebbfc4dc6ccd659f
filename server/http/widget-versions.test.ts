/**
 * /widgets/ URLs by version: an exact version from the releases kept, cached for a year; `v<major>` the
 * newest of that major, this server's build when it is that major; anything else this server's build.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticFiles } from './static.js';
import { widgetVersions } from './widget-versions.js';

let work: string;
let route: ReturnType<typeof widgetVersions>;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
  fs.writeFileSync(path.join(work, file), text);
};
const served = (url: string) => {
  const found = route(url);
  const entry = found?.files.lookup(found.path);
  return entry && fs.readFileSync(entry.file, 'utf8');
};

beforeAll(() => {
  work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-versions-')));
  write('current/kasuwa-widgets.js', 'current 1.2.0');
  write('releases/0.9.0/kasuwa-widgets.js', 'old 0.9.0');
  write('releases/0.10.0/kasuwa-widgets.js', 'newest 0.x');
  write('releases/1.1.0/kasuwa-widgets.js', 'kept 1.1.0');
  write('releases/1.1.0/chunks/a-AAAAAAAA.js', 'its chunk');
  write('releases/0.10.0/chunks/c-CCCCCCCC.js', 'a 0.x chunk');
  write('current/chunks/b-BBBBBBBB.js', 'current chunk');
  const current = new StaticFiles(path.join(work, 'current'), { immutableHashed: true });
  route = widgetVersions(current, '1.2.0', path.join(work, 'releases'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('widget URLs by version', () => {
  it('given an exact version should serve what it kept, its chunks beside it, and nothing for an unknown one', () => {
    expect(served('/1.1.0/kasuwa-widgets.js')).toBe('kept 1.1.0');
    expect(served('/1.1.0/chunks/a-AAAAAAAA.js')).toBe('its chunk');
    expect(served('/1.1.1/kasuwa-widgets.js')).toBeUndefined();
  });

  it("given v1 should serve this server's build, and v0 the newest 0.x by number, not by name", () => {
    expect(served('/v1/kasuwa-widgets.js')).toBe('current 1.2.0');
    expect(served('/v0/kasuwa-widgets.js')).toBe('newest 0.x');
    expect(served('/v7/kasuwa-widgets.js')).toBeUndefined();
  });

  it('given no version should serve the current build', () => {
    expect(served('/kasuwa-widgets.js')).toBe('current 1.2.0');
  });
});

describe('how long each URL may be kept', () => {
  /** The Cache-Control and ETag a browser gets for a /widgets/ URL, through a real HTTP server. */
  async function cached(url: string): Promise<[string | undefined, boolean]> {
    const server = http.createServer((req, res) => {
      const found = route(url);
      const entry = found?.files.lookup(found.path);
      if (found && entry) void found.files.send(req, res, entry, 200, found.alias);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`);
      await response.arrayBuffer();
      return [response.headers.get('cache-control') ?? undefined, response.headers.has('etag')];
    } finally {
      server.close();
    }
  }
  const alias: [string, boolean] = ['public, max-age=300, stale-while-revalidate=86400', true];
  const immutable: [string, boolean] = ['max-age=31536000, immutable', false];

  it('given the v<major> and unversioned loaders should keep them 5 minutes and revalidate by ETag, even from a release folder', async () => {
    expect(await cached('/v1/kasuwa-widgets.js')).toEqual(alias);
    expect(await cached('/v0/kasuwa-widgets.js')).toEqual(alias);
    expect(await cached('/kasuwa-widgets.js')).toEqual(alias);
  });

  it('given an exact version or a hashed chunk by any URL should keep it a year', async () => {
    expect(await cached('/1.1.0/kasuwa-widgets.js')).toEqual(immutable);
    expect(await cached('/1.1.0/chunks/a-AAAAAAAA.js')).toEqual(immutable);
    expect(await cached('/v0/chunks/c-CCCCCCCC.js')).toEqual(immutable);
    expect(await cached('/v1/chunks/b-BBBBBBBB.js')).toEqual(immutable);
    expect(await cached('/chunks/b-BBBBBBBB.js')).toEqual(immutable);
  });
});
