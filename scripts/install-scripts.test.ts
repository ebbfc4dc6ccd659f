/**
 * Every install script in the lockfile decided in package.json's allowScripts (docs/security.md "Install
 * scripts"): allowed pinned to the exact versions reviewed, or denied by name; no entry left over; every
 * package with its registry URL in the lockfile, which npm matches a pinned entry against.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

type LockEntry = { name?: string; version?: string; resolved?: string; hasInstallScript?: boolean; link?: boolean };
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
const allowScripts = JSON.parse(fs.readFileSync('package.json', 'utf8')).allowScripts as Record<string, boolean>;

const nameAt = (where: string, entry: LockEntry) =>
  entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
/** `name@1.2.3 || 1.2.4` → its name and versions; a bare `name` → no versions. */
function parseKey(key: string): { name: string; versions: string[] } {
  const at = key.indexOf('@', 1);
  if (at < 0) return { name: key, versions: [] };
  return {
    name: key.slice(0, at),
    versions: key
      .slice(at + 1)
      .split('||')
      .map((version) => version.trim()),
  };
}

const withScripts = Object.entries(lock.packages)
  .filter(([where, entry]) => where && entry.hasInstallScript)
  .map(([where, entry]) => ({ name: nameAt(where, entry), version: entry.version as string }));

describe('install scripts', () => {
  it('should allow each package with an install script at its exact version, or deny it by name', () => {
    const undecided = withScripts.filter(({ name, version }) =>
      Object.entries(allowScripts).every(([key, allowed]) => {
        const entry = parseKey(key);
        if (entry.name !== name) return true;
        return allowed ? !entry.versions.includes(version) : entry.versions.length > 0;
      }),
    );
    expect(undecided, 'decide with `npm install-scripts approve <name>` or `deny <name>`').toEqual([]);
  });

  it('should allow nothing by name alone, and keep no entry that matches no install script', () => {
    for (const [key, allowed] of Object.entries(allowScripts)) {
      const { name, versions } = parseKey(key);
      if (allowed) expect(versions, `${key}: pin the versions reviewed`).not.toEqual([]);
      const matching = withScripts.filter((item) => item.name === name);
      expect(matching, `${key} matches no package with an install script: npm install-scripts prune`).not.toEqual([]);
      for (const version of versions) expect(matching.map((item) => item.version)).toContain(version);
    }
  });

  it("should keep every package's registry URL in the lockfile, without which npm refuses a pinned entry", () => {
    const missing = Object.entries(lock.packages)
      .filter(([where, entry]) => where && !entry.link && !entry.resolved)
      .map(([where]) => where);
    expect(missing).toEqual([]);
  });

  it('given npm install-scripts ls over the installed tree should find nothing unreviewed', () => {
    const ls = spawnSync('npm', ['install-scripts', 'ls'], { encoding: 'utf8' });
    expect(`${ls.stdout}${ls.stderr}`).toContain('No packages with unreviewed install scripts.');
  });
});
