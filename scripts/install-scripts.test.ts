/**
 * The install-script policy (scripts/install-scripts.mjs, docs/security.md "Install scripts") holds for the
 * project's lockfile and allowScripts, fails on each way it can break, and npm agrees nothing is unreviewed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { installScriptProblems, parseKey } from './install-scripts.mjs';

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const allowScripts = JSON.parse(fs.readFileSync('package.json', 'utf8')).allowScripts as Record<string, boolean>;
const hasBindingGyp = (where: string) => fs.existsSync(`${where}/binding.gyp`);

const url = 'https://registry.npmjs.org/x/-/x-1.0.0.tgz';
const planted = {
  packages: {
    '': {},
    'node_modules/esbuild': { version: '0.27.7', resolved: url, hasInstallScript: true },
    'node_modules/left-pad': { version: '1.3.0', resolved: url },
  },
};

describe('install scripts', () => {
  it("should find the project's lockfile and allowScripts in agreement", () => {
    expect(installScriptProblems(lock, allowScripts, hasBindingGyp)).toEqual([]);
  });

  it('should count the node-gyp rebuild npm infers from a binding.gyp as an install script', () => {
    const gyp = (where: string) => where === 'node_modules/left-pad';
    expect(installScriptProblems(planted, { 'esbuild@0.27.7': true }, gyp)).toEqual([
      expect.stringContaining('left-pad@1.3.0: undecided'),
    ]);
    expect(installScriptProblems(planted, { 'esbuild@0.27.7': true, 'left-pad': false }, gyp)).toEqual([]);
  });

  it('should read a pinned entry as its name and versions', () => {
    expect(parseKey('esbuild@0.25.12 || 0.27.7')).toEqual({ name: 'esbuild', versions: ['0.25.12', '0.27.7'] });
    expect(parseKey('@scope/pkg@1.0.0')).toEqual({ name: '@scope/pkg', versions: ['1.0.0'] });
    expect(parseKey('vnu-jar')).toEqual({ name: 'vnu-jar', versions: [] });
  });

  it('should fail on an undecided script, an allow by name alone, a stale entry and a missing URL', () => {
    expect(installScriptProblems(planted, { 'esbuild@0.27.7': true })).toEqual([]);
    expect(installScriptProblems(planted, {})).toEqual([expect.stringContaining('esbuild@0.27.7: undecided')]);
    expect(installScriptProblems(planted, { 'esbuild@0.27.6': true })).toEqual([
      expect.stringContaining('esbuild@0.27.7: undecided'),
      expect.stringContaining('esbuild@0.27.6 is not in the lockfile'),
    ]);
    expect(installScriptProblems(planted, { esbuild: true })).toEqual([
      expect.stringContaining('esbuild@0.27.7: undecided'),
      expect.stringContaining('allowed by name alone'),
    ]);
    expect(installScriptProblems(planted, { 'esbuild@0.27.7': true, 'vnu-jar': false })).toEqual([
      expect.stringContaining('vnu-jar: matches no install script'),
    ]);
    const withoutUrl = structuredClone(planted);
    delete (withoutUrl.packages['node_modules/left-pad'] as { resolved?: string }).resolved;
    expect(installScriptProblems(withoutUrl, { 'esbuild@0.27.7': true })).toEqual([
      'node_modules/left-pad: no registry URL in the lockfile',
    ]);
  });

  it('given npm install-scripts ls over the installed tree should find nothing unreviewed', () => {
    const ls = spawnSync('npm', ['install-scripts', 'ls'], { encoding: 'utf8' });
    expect(`${ls.stdout}${ls.stderr}`).toContain('No packages with unreviewed install scripts.');
  });
});
