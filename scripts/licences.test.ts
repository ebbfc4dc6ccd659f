/**
 * The licence check (scripts/licences.mjs) as a release runs it: on the project's lockfile, and on copies of
 * it with a copyleft package planted where a production install would bring it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** `node scripts/licences.mjs <dir>` on a folder holding `packages` as its lockfile's packages. */
function check(packages: Record<string, unknown>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-licences-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ ...lock, packages }));
  const run = spawnSync(process.execPath, ['scripts/licences.mjs', dir], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the licence check over production dependencies', () => {
  it('given the project lockfile should pass, every production package permissive or listed', () => {
    const { status, output } = check(lock.packages);
    expect(output).toMatch(/\[licences\] \d+ production packages: all permissive/);
    expect(status).toBe(0);
  });

  it('given a GPL package planted among the production dependencies should fail and name it', () => {
    const planted = {
      ...lock.packages,
      'node_modules/copyleft-thing': { version: '1.2.3', license: 'GPL-3.0-only' },
    };
    const { status, output } = check(planted);
    expect(output).toContain('copyleft-thing@1.2.3: GPL-3.0-only');
    expect(status).toBe(1);
  });

  it('given a nested package with no licence and one under LGPL AND MIT should fail on both', () => {
    const planted = {
      ...lock.packages,
      'node_modules/pg/node_modules/quiet-thing': { version: '0.1.0' },
      'node_modules/mixed-thing': { version: '2.0.0', license: '(LGPL-3.0-only AND MIT)' },
    };
    const { status, output } = check(planted);
    expect(output).toContain('quiet-thing@0.1.0: no licence');
    expect(output).toContain('mixed-thing@2.0.0: (LGPL-3.0-only AND MIT)');
    expect(status).toBe(1);
  });

  it('given the same GPL package only among the dev dependencies should pass (a production install has none)', () => {
    const planted = {
      ...lock.packages,
      'node_modules/copyleft-thing': { version: '1.2.3', license: 'GPL-3.0-only', dev: true },
    };
    expect(check(planted).status).toBe(0);
  });

  it('given an excepted package whose licence changed to AGPL should fail: an exception holds for the licence it names', () => {
    const where = Object.keys(lock.packages).find((key) => key.endsWith('node_modules/caniuse-lite'));
    expect(where).toBeDefined();
    const planted = {
      ...lock.packages,
      [where as string]: { ...lock.packages[where as string], license: 'AGPL-3.0-only' },
    };
    const { status, output } = check(planted);
    expect(output).toMatch(/caniuse-lite@[\d.]+: AGPL-3\.0-only/);
    expect(status).toBe(1);
  });
});
