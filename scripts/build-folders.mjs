/**
 * Every build is written into a folder of its own under builds/, and `dist` is a symlink to the current
 * one, replaced with one rename: nothing a running server reads changes under it, and the previous
 * builds stay, so a page opened before a deploy still gets every hashed file it asks for
 * (server/http/previous-builds.ts), until BUILD_GRACE_DAYS after they were replaced (docs/deploying.md#builds).
 */
import fs from 'node:fs';
import path from 'node:path';

/** What servers, tests and tools read: a symlink to the current build. */
export const LIVE = 'dist';
export const BUILDS = 'builds';
/** In a build folder once another build replaced it: when, as an ISO time. */
export const REPLACED_AT = '.replaced-at';
/** `npm run dev`'s own folder, rebuilt on every change and never swapped in. */
export const DEV = path.join(BUILDS, 'dev');
const DEFAULT_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A folder neither current nor replaced is a build that died; it goes once it is this old. */
const ABANDONED_MS = DAY_MS;

export function graceDays(env = process.env) {
  const text = env.BUILD_GRACE_DAYS;
  if (text === undefined || text === '') return DEFAULT_GRACE_DAYS;
  const days = Number(text);
  if (!Number.isFinite(days) || days < 0) {
    throw new Error(`BUILD_GRACE_DAYS must be a number of days, 0 or more (got "${text}")`);
  }
  return days;
}

const currentBuild = () => {
  try {
    return fs.realpathSync(LIVE);
  } catch {
    return undefined;
  }
};

/**
 * A new, empty build folder; with `fromCurrent` (a build of one part) a copy of the current build, so the
 * parts not rebuilt are the current ones. Copied, not linked: the build rewrites files in place.
 */
export function newBuildFolder({ fromCurrent = false } = {}) {
  fs.mkdirSync(BUILDS, { recursive: true });
  // Named by when it started, so the newest sorts last; the random end keeps two builds apart.
  const dir = fs.mkdtempSync(path.join(BUILDS, `${new Date().toISOString().replace(/[:.]/g, '-')}-`));
  const current = currentBuild();
  if (fromCurrent && current) {
    fs.cpSync(current, dir, { recursive: true, filter: (source) => path.basename(source) !== REPLACED_AT });
  }
  return dir;
}

/**
 * Points `dist` at `dir` with one rename of a new symlink over it, and marks the build it replaces.
 * A `dist` that is a plain folder (from before builds had folders) is moved into builds/ first.
 */
export function swapIn(dir, now = new Date()) {
  const stat = fs.lstatSync(LIVE, { throwIfNoEntry: false });
  let previous = currentBuild();
  if (stat && !stat.isSymbolicLink()) {
    previous = path.resolve(BUILDS, `before-builds-${now.getTime()}`);
    fs.renameSync(LIVE, previous);
  }
  const temporary = `${LIVE}.swap-${process.pid}`;
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(path.dirname(path.resolve(LIVE)), path.resolve(dir)), temporary);
  fs.renameSync(temporary, LIVE);
  if (previous && previous !== path.resolve(dir) && fs.existsSync(previous)) {
    fs.writeFileSync(path.join(previous, REPLACED_AT), now.toISOString());
  }
}

/** When another build replaced the one in `dir`, in ms; undefined while it is current or under way. */
export function replacedTime(dir) {
  try {
    return Date.parse(fs.readFileSync(path.join(dir, REPLACED_AT), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Removes the builds replaced more than `days` ago and the folders of builds that died a day ago or
 * more; keeps the current one, dev's, and `keep` (a build under way). Returns the names removed.
 */
export function sweepBuilds(days, { keep, now = Date.now() } = {}) {
  if (!fs.existsSync(BUILDS)) return [];
  const current = currentBuild();
  const kept = new Set([current, path.resolve(DEV), keep && path.resolve(keep)]);
  const removed = [];
  for (const name of fs.readdirSync(BUILDS)) {
    const dir = path.resolve(BUILDS, name);
    if (kept.has(dir)) continue;
    const replacedAt = replacedTime(dir);
    const expired = replacedAt ? now - replacedAt > days * DAY_MS : now - fs.statSync(dir).mtimeMs > ABANDONED_MS;
    if (!expired) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
