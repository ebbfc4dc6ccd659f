/**
 * Build folders (scripts/build-folders.mjs): dist/ changes with one rename, a replaced build is marked
 * with when, and the sweep removes only what no page or server may still need.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_NAMES } from '../server/http/previous-builds.js';
import {
  BUILDS,
  DEV,
  graceDays,
  LIVE,
  newBuildFolder,
  REPLACED_AT,
  replacedTime,
  swapIn,
  sweepBuilds,
} from './build-folders.mjs';

const DAY = 24 * 60 * 60 * 1000;
let before: string;
let work: string;

beforeEach(() => {
  before = process.cwd();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-builds-'));
  process.chdir(work);
});
afterEach(() => {
  process.chdir(before);
  fs.rmSync(work, { recursive: true, force: true });
});

const build = (file: string, text: string) => {
  const dir = newBuildFolder();
  fs.mkdirSync(path.join(dir, 'widgets'));
  fs.writeFileSync(path.join(dir, 'widgets', file), text);
  return dir;
};
const live = (file: string) => fs.readFileSync(path.join(LIVE, 'widgets', file), 'utf8');

describe('swapping a build in', () => {
  it('given two builds should serve the second under dist/ and mark the first replaced', () => {
    const first = build('loader.js', 'one');
    swapIn(first, new Date(0));
    expect(live('loader.js')).toBe('one');
    const second = build('loader.js', 'two');
    swapIn(second, new Date(5 * DAY));
    expect(fs.lstatSync(LIVE).isSymbolicLink()).toBe(true);
    expect(live('loader.js')).toBe('two');
    expect(replacedTime(first)).toBe(5 * DAY);
    expect(replacedTime(second)).toBeUndefined();
  });

  it('given a dist/ folder from before build folders should keep it as a replaced build', () => {
    fs.mkdirSync(path.join(LIVE, 'widgets'), { recursive: true });
    fs.writeFileSync(path.join(LIVE, 'widgets/chunk-old12345.js'), 'old');
    swapIn(build('loader.js', 'new'), new Date(DAY));
    const kept = fs.readdirSync(BUILDS).filter((name) => name.startsWith('before-builds-'));
    expect(kept).toHaveLength(1);
    expect(fs.readFileSync(path.join(BUILDS, kept[0] as string, 'widgets/chunk-old12345.js'), 'utf8')).toBe('old');
    expect(replacedTime(path.join(BUILDS, kept[0] as string))).toBe(DAY);
  });

  it('given a build of one part should start from a copy of the current build, not the build itself', () => {
    const first = build('loader.js', 'one');
    swapIn(first);
    const part = newBuildFolder({ fromCurrent: true });
    fs.writeFileSync(path.join(part, 'widgets/loader.js'), 'changed');
    expect(live('loader.js')).toBe('one');
  });
});

describe('sweeping old builds', () => {
  it('given builds replaced 7.5 and 5.5 days ago with 7 days of grace should remove only the first', () => {
    const old = build('a.js', 'a');
    swapIn(old, new Date(0));
    const recent = build('b.js', 'b');
    swapIn(recent, new Date(2 * DAY));
    const current = build('c.js', 'c');
    swapIn(current, new Date(4 * DAY));
    fs.mkdirSync(DEV, { recursive: true });
    expect(sweepBuilds(7, { now: 9.5 * DAY })).toEqual([path.basename(old)]);
    expect(fs.existsSync(recent) && fs.existsSync(current) && fs.existsSync(DEV)).toBe(true);
  });

  it('given a build that died a day ago and one under way should remove the first only', () => {
    swapIn(build('c.js', 'c'));
    const died = newBuildFolder();
    const underWay = newBuildFolder();
    fs.utimesSync(died, new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY));
    fs.utimesSync(underWay, new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY));
    expect(sweepBuilds(7, { keep: underWay })).toEqual([path.basename(died)]);
  });
});

describe("the server's names for the build folders", () => {
  it('given the names the build writes should be the ones the server looks for', () => {
    expect(BUILD_NAMES).toEqual({ BUILDS, LIVE, REPLACED_AT, DEV: path.basename(DEV) });
  });
});

describe('BUILD_GRACE_DAYS', () => {
  it('given nothing, a number or a wrong value should give 7, the number, or a clear error', () => {
    expect(graceDays({})).toBe(7);
    expect(graceDays({ BUILD_GRACE_DAYS: '0.5' })).toBe(0.5);
    expect(() => graceDays({ BUILD_GRACE_DAYS: 'a week' })).toThrow('BUILD_GRACE_DAYS must be a number of days');
  });
});
