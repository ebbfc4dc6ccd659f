/**
 * A hashed file this server's build lacks is served from the other builds kept beside it (the current
 * one and those replaced, scripts/build-folders.mjs), never from a build under way or dev's, and an
 * unhashed name always comes from the server's own build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticFiles } from './static.js';

let work: string;
const folder = (build: string) => path.join(work, 'builds', build, 'widgets');
const write = (build: string, file: string, text = file) => {
  fs.mkdirSync(path.dirname(path.join(folder(build), file)), { recursive: true });
  fs.writeFileSync(path.join(folder(build), file), text);
};
/** The text a URL is answered with: from memory (the files of a build are read once). */
const served = (files: StaticFiles, url: string) => {
  const entry = files.lookup(url);
  return entry && ('bodies' in entry ? entry.bodies.identity.toString() : fs.readFileSync(entry.file, 'utf8'));
};

beforeAll(() => {
  work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-previous-')));
  write('1-replaced', 'chunks/old-AAAAAAAA.js');
  write('1-replaced', 'kasuwa-widgets.js', 'old loader');
  fs.writeFileSync(path.join(work, 'builds/1-replaced/.replaced-at'), new Date().toISOString());
  write('2-current', 'chunks/new-BBBBBBBB.js');
  write('2-current', 'only-current.js');
  write('3-under-way', 'chunks/half-CCCCCCCC.js');
  write('dev', 'chunks/dev-DDDDDDDD.js');
  fs.symlinkSync('builds/2-current', path.join(work, 'dist'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('files of the other builds', () => {
  it('given a server on the replaced build and a page from the current one should serve its chunks', () => {
    const files = new StaticFiles(folder('1-replaced'), { immutableHashed: true, previousBuilds: true });
    expect(served(files, '/chunks/new-BBBBBBBB.js')).toBe('chunks/new-BBBBBBBB.js');
    expect(served(files, '/kasuwa-widgets.js')).toBe('old loader');
    expect(served(files, '/only-current.js')).toBeUndefined();
  });

  it('given a server on the current build and a page from before the deploy should serve the old chunks', () => {
    const files = new StaticFiles(path.join(work, 'dist/widgets'), { immutableHashed: true, previousBuilds: true });
    expect(served(files, '/chunks/old-AAAAAAAA.js')).toBe('chunks/old-AAAAAAAA.js');
    expect(served(files, '/chunks/half-CCCCCCCC.js')).toBeUndefined();
    expect(served(files, '/chunks/dev-DDDDDDDD.js')).toBeUndefined();
  });

  it('given a replaced build swept after its file was served should stop serving it once the builds are read again, and not fail', () => {
    let now = 0;
    const files = new StaticFiles(path.join(work, 'dist/widgets'), {
      immutableHashed: true,
      previousBuilds: true,
      now: () => now,
    });
    expect(served(files, '/chunks/old-AAAAAAAA.js')).toBe('chunks/old-AAAAAAAA.js');
    fs.rmSync(path.join(work, 'builds/1-replaced'), { recursive: true });
    // Held in memory: the page that asked keeps getting it until the list of builds is read again.
    expect(files.lookup('/chunks/old-AAAAAAAA.js')).toBeDefined();
    now += 5_000;
    expect(files.lookup('/chunks/old-AAAAAAAA.js')).toBeUndefined();
  });

  it('given no previous builds asked for or a folder outside builds/ should serve only its own files', () => {
    const own = new StaticFiles(path.join(work, 'dist/widgets'), { immutableHashed: true });
    expect(served(own, '/chunks/old-AAAAAAAA.js')).toBeUndefined();
    const elsewhere = fs.mkdtempSync(path.join(work, 'site-'));
    const outside = new StaticFiles(elsewhere, { immutableHashed: true, previousBuilds: true });
    expect(served(outside, '/chunks/new-BBBBBBBB.js')).toBeUndefined();
  });
});
