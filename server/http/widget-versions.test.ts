/**
 * /widgets/ URLs by version: an exact version from the releases kept, cached for a year; `v<major>` the
 * newest of that major, this server's build when it is that major; anything else this server's build.
 */
import fs from 'node:fs';
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
