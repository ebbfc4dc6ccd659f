/**
 * Which files a /widgets/ URL names (docs/embedding.md#versions): `/widgets/<x.y.z>/…` that version, cached
 * for a year; `/widgets/v<major>/…` the newest of that major; anything else, this server's build. The last
 * two are aliases: their unhashed files get ALIAS_CACHE_CONTROL (static.ts) wherever they come from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compareVersions } from '../../common/versions.mjs';
import { rereadEvery } from './reread.js';
import { StaticFiles } from './static.js';

const EXACT = /^\/(\d+\.\d+\.\d+)(\/.*)$/;
const MAJOR = /^\/v(\d+)(\/.*)$/;

/** `alias`: a URL whose files change with deploys (`v<major>`, unversioned), never cached as immutable. */
export type WidgetFiles = { files: StaticFiles; path: string; alias: boolean };

/** The version of the build in `widgetsDir` (its integrity.json), if it has one. */
export function builtVersion(widgetsDir: string): string | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(widgetsDir, 'integrity.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

export function widgetVersions(current: StaticFiles, currentVersion: string | undefined, releasesDir: string) {
  const releases = new Map<string, StaticFiles>();
  // Versions appear only when a build runs.
  const known = rereadEvery(() =>
    fs.existsSync(releasesDir)
      ? fs
          .readdirSync(releasesDir)
          .filter((name) => /^\d+\.\d+\.\d+$/.test(name))
          .sort(compareVersions)
      : [],
  );
  const release = (version: string) => {
    if (!known().includes(version)) return undefined;
    let files = releases.get(version);
    if (!files) {
      files = new StaticFiles(path.join(releasesDir, version), {
        immutableHashed: true,
        immutableAll: true,
        memory: 'on-ask',
      });
      releases.set(version, files);
    }
    return files;
  };

  return (urlPath: string): WidgetFiles | undefined => {
    const exact = EXACT.exec(urlPath);
    if (exact) {
      const files = release(exact[1] as string);
      return files && { files, path: exact[2] as string, alias: false };
    }
    const major = MAJOR.exec(urlPath);
    if (!major) return { files: current, path: urlPath, alias: true };
    if (currentVersion?.split('.')[0] === major[1]) return { files: current, path: major[2] as string, alias: true };
    const newest = known()
      .filter((version) => version.split('.')[0] === major[1])
      .at(-1);
    const files = newest ? release(newest) : undefined;
    return files && { files, path: major[2] as string, alias: true };
  };
}
