/**
 * The @kasuwa/widgets tarball `npm run build` packs, as an app developer gets it from `npm i`: what it
 * holds (our loader and types, no React or Vue), and the React and Vue host apps of testing/e2e/hosts compiled
 * strictly (skipLibCheck: false) against it unpacked into their node_modules.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compile,
  hostProjects,
  packedWidgets,
  unpack,
  writeStrictChecks,
} from '../../testing/e2e/hosts/host-projects.js';

const root = path.resolve('test-results/package-check');
const tsc = path.resolve('node_modules/typescript/bin/tsc');
let tarball: string;
let apps: { react: string; vue: string };

beforeAll(() => {
  tarball = packedWidgets();
  apps = hostProjects(root, unpack(tarball));
  writeStrictChecks(apps);
});

describe('the packed @kasuwa/widgets', { timeout: 180_000 }, () => {
  it('should hold the loader, its types and the React and Vue types, and nothing else', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(files).toEqual(
      ['README.md', 'index.d.ts', 'index.js', 'package.json', 'react.d.ts', 'react.js', 'vue.d.ts', 'vue.js'].map(
        (file) => `package/${file}`,
      ),
    );
  });

  it('should bundle neither React nor Vue, and name them only as optional peers for their types', () => {
    const installed = path.join(root, 'node_modules/@kasuwa/widgets');
    const code = fs.readFileSync(path.join(installed, 'index.js'), 'utf8');
    expect(code).not.toMatch(/\bfrom\s*["'](react|vue)|require\(|createElement\(["']div/);
    expect(code.length).toBeLessThan(4096);
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
    expect([manifest.name, manifest.dependencies, manifest.peerDependenciesMeta]).toEqual([
      '@kasuwa/widgets',
      undefined,
      { '@types/react': { optional: true }, vue: { optional: true } },
    ]);
  });

  it('given the React host app should compile it strictly against the installed package', async () => {
    expect(await compile(tsc, apps.react)).toBe('');
  });

  it('given the Vue host app should compile it strictly against the installed package', async () => {
    expect(await compile(tsc, apps.vue)).toBe('');
  });
});
