/**
 * The pinned Node.js (scripts/runtime.mjs, README "Node.js runtime"): npm scripts run on it whatever Node
 * runs npm, every place that names the version names the same one, and an older Node is refused in one line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OLDEST_MAJOR, pinnedVersion, RUNTIME_PACKAGE, unsupportedRuntime } from './runtime.mjs';

const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8'));

describe('the pinned Node.js', () => {
  it('given npm run by any Node should run the project’s commands on the pinned version', () => {
    // npm exec puts node_modules/.bin first on the PATH, as `npm start`, `npm test` and `npm run admin` do.
    const run = spawnSync('npm', ['exec', '--', 'node', '-p', 'process.version'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(`v${pinnedVersion()}`);
    expect(Number(pinnedVersion().split('.')[0])).toBeGreaterThanOrEqual(OLDEST_MAJOR);
  });

  it('given the version pinned for this platform should be the one .nvmrc, engines, devEngines and @types/node name', () => {
    const pinned = pinnedVersion();
    const major = pinned.split('.')[0];
    expect(manifest.optionalDependencies[RUNTIME_PACKAGE]).toBe(pinned);
    expect(fs.readFileSync('.nvmrc', 'utf8').trim()).toBe(pinned);
    expect(manifest.engines.node).toBe(`>=${OLDEST_MAJOR}.${pinned.split('.')[1]}`);
    expect(manifest.devEngines.runtime).toMatchObject({ name: 'node', version: `^${pinned}` });
    expect(manifest.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
    expect(fs.readFileSync('scripts/build.mjs', 'utf8')).toContain(`target: 'node${major}'`);
  });

  it('given an older Node should refuse in one line that says which Node and how to get it', () => {
    const reason = unsupportedRuntime('v20.20.2');
    expect(reason).toContain(`Node.js ${OLDEST_MAJOR} or newer, not v20.20.2`);
    expect(reason).toContain('npm start');
    expect(unsupportedRuntime(`v${pinnedVersion()}`)).toBeUndefined();
    expect(unsupportedRuntime('v26.12.1')).toBeUndefined();
  });
});
