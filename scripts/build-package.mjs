/**
 * @kasuwa/widgets (packages/widgets/) into dist/packages/widgets/: its small ESM loader (tsup; no React
 * or Vue in it), its README, CHANGELOG, LICENSE and package.json, the types and custom-elements.json
 * generated from the tags' metadata, then `npm pack` into dist/packages/kasuwa-widgets-<version>.tgz,
 * the file the host apps of testing/e2e/hosts install and the one a release publishes (docs/releasing.md).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export async function packWidgetsPackage({ out: buildDir, tsup, target, declarations, manifest }) {
  const packages = path.join(buildDir, 'packages');
  const out = path.join(packages, 'widgets');
  fs.rmSync(packages, { recursive: true, force: true });
  await tsup({
    silent: true,
    entry: { index: 'packages/widgets/src/index.ts' },
    outDir: out,
    format: ['esm'],
    platform: 'browser',
    target,
    outExtension: () => ({ js: '.js' }),
    sourcemap: false,
    dts: false,
    clean: false,
  });
  for (const file of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'])
    fs.copyFileSync(`packages/widgets/${file}`, `${out}/${file}`);
  // The framework entries are types only; an import of them at run time still resolves.
  for (const file of ['react.js', 'vue.js']) fs.writeFileSync(`${out}/${file}`, 'export {};\n');
  for (const [file, text] of Object.entries(declarations)) fs.writeFileSync(`${out}/${file}`, text);
  fs.writeFileSync(`${out}/custom-elements.json`, manifest);
  execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', path.resolve(packages)], {
    cwd: out,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
