/**
 * The same folder (site/ or widgets/) in the other builds kept under builds/ (scripts/build-folders.mjs
 * writes them): the current one and those another build replaced that the next build has not swept.
 * A folder outside builds/ (SITE_DIR elsewhere, a dist/ from before build folders) has none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { rereadEvery } from './reread.js';

/** The names scripts/build-folders.mjs gives (scripts/build-folders.test.ts checks they agree). */
export const BUILD_NAMES = { BUILDS: 'builds', LIVE: 'dist', REPLACED_AT: '.replaced-at', DEV: 'dev' };
const { BUILDS, LIVE, REPLACED_AT, DEV } = BUILD_NAMES;

export function previousBuilds(folder: string, now: () => number = Date.now): () => string[] {
  const ownBuild = path.dirname(folder);
  const builds = path.dirname(ownBuild);
  if (path.basename(builds) !== BUILDS) return () => [];
  const part = path.basename(folder);
  const read = (): string[] => {
    let current: string | undefined;
    try {
      current = fs.realpathSync(path.join(path.dirname(builds), LIVE));
    } catch {
      current = undefined;
    }
    return fs
      .readdirSync(builds)
      .map((name) => path.join(builds, name))
      .filter(
        (build) =>
          build !== ownBuild &&
          path.basename(build) !== DEV &&
          (build === current || fs.existsSync(path.join(build, REPLACED_AT))),
      )
      .sort()
      .reverse()
      .map((build) => path.join(build, part));
  };
  return rereadEvery(() => (fs.existsSync(builds) ? read() : []), now);
}
