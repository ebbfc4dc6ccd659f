/**
 * The @kasuwa/widgets tarball `npm run build` packs, as an app developer gets it from `npm i`: what it holds
 * (our loader and types, no React or Vue), the host apps of testing/e2e/hosts compiled strictly against it;
 * then what a release publishes (docs/releasing.md), and the unbuilt package refused.
 */
import { execFileSync, spawnSync } from 'node:child_process';
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
/** The loader, its types, custom-elements.json, and the manifest, README, CHANGELOG and LICENSE. */
const PUBLISHED = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  'custom-elements.json',
  'index.d.ts',
  'index.js',
  'package.json',
  'react.d.ts',
  'react.js',
  'vue.d.ts',
  'vue.js',
];
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
    expect(files).toEqual(PUBLISHED.map((file) => `package/${file}`));
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

describe('publishing @kasuwa/widgets', { timeout: 60_000 }, () => {
  const npm = (args: string[], cwd: string) => spawnSync('npm', args, { cwd, encoding: 'utf8' });

  it('given the built package, npm pack --dry-run --json should list exactly the published files', () => {
    const pack = npm(['pack', '--dry-run', '--json'], 'dist/packages/widgets');
    expect(pack.status, pack.stderr).toBe(0);
    const [{ name, files }] = JSON.parse(pack.stdout) as { name: string; files: { path: string }[] }[];
    expect(name).toBe('@kasuwa/widgets');
    expect(files.map((file) => file.path).sort()).toEqual(PUBLISHED);
  });

  it('given the built package should name its repository, licence, custom elements and a public, provenanced publish', () => {
    const manifest = JSON.parse(fs.readFileSync('dist/packages/widgets/package.json', 'utf8'));
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { url: 'git+https://github.com/kasuwa/kasuwa-site.git', directory: 'packages/widgets' },
      homepage: expect.stringMatching(/^https:\/\//),
      bugs: { url: expect.stringMatching(/^https:\/\/github\.com\/kasuwa\/kasuwa-site\/issues$/) },
      customElements: './custom-elements.json',
      publishConfig: { access: 'public', provenance: true },
    });
    const elements = JSON.parse(fs.readFileSync('dist/packages/widgets/custom-elements.json', 'utf8'));
    const tags = elements.modules.flatMap((module: { declarations?: { tagName?: string }[] }) =>
      (module.declarations ?? []).map((declaration) => declaration.tagName),
    );
    expect(tags).toEqual(expect.arrayContaining(['start-selling-form', 'pricing-plans']));
    expect(fs.readFileSync('dist/packages/widgets/LICENSE', 'utf8')).toBe(fs.readFileSync('LICENSE', 'utf8'));
  });

  it('given the unbuilt package folder, npm publish --dry-run should fail and point at the built one', () => {
    const publish = npm(['publish', '--dry-run'], 'packages/widgets');
    expect(publish.status).not.toBe(0);
    expect(publish.stderr).toContain(
      'index.js is missing, so this is the unbuilt package: publish dist/packages/widgets',
    );
  });
});
