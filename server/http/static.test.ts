/** What the static-file layer remembers stays bounded however many unknown paths it is asked for. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticFiles } from './static.js';

let root: string;
const FILES = ['index.html', 'pricing.html', 'assets/main-AbC123xy.js'];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-static-'));
  for (const file of FILES) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `<!-- ${file} -->`);
  }
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('StaticFiles', () => {
  it('given 100,000 random unknown paths and many spellings of known ones should remember at most one entry per file', () => {
    const files = new StaticFiles(root, { immutableHashed: true });
    let found = 0;
    for (let i = 0; i < 100_000; i += 1) {
      if (files.lookup(`/${crypto.randomBytes(12).toString('hex')}.html`)) found += 1;
      // The same file reached through a different path each time.
      if (i % 10 === 0 && files.lookup(`/x${i}/../pricing.html`)?.file === path.join(root, 'pricing.html')) found += 1;
    }
    expect(found).toBe(10_000);
    expect(files.size).toBeLessThanOrEqual(FILES.length);
    expect(files.lookup('/assets/main-AbC123xy.js')?.file).toBe(path.join(root, 'assets/main-AbC123xy.js'));
    expect(files.lookup('/../outside.html')).toBeUndefined();
  });

  it('given a file that appears after a miss should find it (misses are not remembered)', () => {
    const files = new StaticFiles(root, { immutableHashed: true });
    expect(files.lookup('/later.html')).toBeUndefined();
    fs.writeFileSync(path.join(root, 'later.html'), 'later');
    expect(files.lookup('/later.html')?.size).toBe(5);
  });
});
