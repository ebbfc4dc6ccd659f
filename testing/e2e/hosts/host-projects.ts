/**
 * The host apps of testing/e2e/hosts as a partner's project holds them: their sources beside a node_modules with
 * @kasuwa/widgets in it (the packed tarball unpacked, as `npm i` leaves it, or the same files generated
 * from source), React and Vue resolved from ours. Used by the Playwright hosts test (vite builds them)
 * and by the strict type checks (tsc, skipLibCheck: false).
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const hostsDir = path.resolve('testing/e2e/hosts');
export const packageDir = path.resolve('packages/widgets');

/** dist/packages/kasuwa-widgets-<version>.tgz, which `npm run build` packs; a clear failure without it. */
export function packedWidgets(): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const tarball = path.resolve(`dist/packages/kasuwa-widgets-${version}.tgz`);
  if (!fs.existsSync(tarball)) throw new Error(`${tarball} is missing: run npm run build first.`);
  return tarball;
}

/** A fresh `root` with the host apps in react/ and vue/ and `install` putting the package in node_modules. */
export function hostProjects(root: string, install: (packageRoot: string) => void): { react: string; vue: string } {
  fs.rmSync(root, { recursive: true, force: true });
  for (const app of ['react', 'vue']) fs.cpSync(path.join(hostsDir, app), path.join(root, app), { recursive: true });
  const packageRoot = path.join(root, 'node_modules/@kasuwa/widgets');
  fs.mkdirSync(packageRoot, { recursive: true });
  install(packageRoot);
  return { react: path.join(root, 'react'), vue: path.join(root, 'vue') };
}

/** What npm does with the tarball: its `package/` folder becomes node_modules/@kasuwa/widgets. */
export const unpack = (tarball: string) => (packageRoot: string) => {
  execFileSync('tar', ['-xzf', tarball, '-C', packageRoot, '--strip-components=1']);
};

const strict = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'bundler',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  strict: true,
  skipLibCheck: false,
  noEmit: true,
  types: [],
};

/** The DOM types: events on addEventListener, element properties and methods. */
const domCheck = `
import { ready } from '@kasuwa/widgets';
const checker = document.querySelector('store-rank-checker');
checker?.addEventListener('store-rank-result', (event) => {
  const rank: number | null = event.detail.rank;
  console.log(rank);
});
document.addEventListener('start-selling-error', (event) => console.log(event.detail.code.toUpperCase()));
const modal = document.createElement('start-selling-modal');
modal.partner = 'blog-7';
modal.show(document.body);
const plans = document.createElement('pricing-plans');
plans.period = 'monthly';
// @ts-expect-error: not a billing period
plans.period = 'weekly';
// @ts-expect-error: the detail has no such field
checker?.addEventListener('store-rank-result', (event) => event.detail.revenue);
// @ts-expect-error: not one of our tags
void ready('store-rank');
`;

/** React JSX: wrong option values and handlers are refused. */
const reactCheck = `
import '@kasuwa/widgets/react';
export const wrongPeriod = (
  // @ts-expect-error: not a billing period
  <pricing-plans period="weekly" />
);
export const wrongEvent = (
  // @ts-expect-error: a rank result has no code
  <store-rank-checker onstore-rank-result={(event) => event.detail.code} />
);
export const withClass = <start-selling-form class="signup" partner="blog-7" api-url="/graphql" />;
`;

/** Vue: the global components carry the options and the listener props. */
const vueCheck = `
import '@kasuwa/widgets/vue';
import type { GlobalComponents } from 'vue';
type Props<T extends keyof GlobalComponents> = InstanceType<GlobalComponents[T]>['$props'];
export const rank: Props<'store-rank-checker'> = {
  'api-url': '/graphql',
  onStoreRankResult: (event) => console.log(event.detail.rank),
};
export const plans: Props<'pricing-plans'> = { period: 'monthly' };
// @ts-expect-error: not a billing period
export const wrongPlans: Props<'pricing-plans'> = { period: 'weekly' };
`;

/**
 * Strict tsconfigs and the checks above in both apps: the React app compiles App.tsx and main.tsx as
 * they are; the Vue app its main.ts (App.vue is a template tsc cannot read: a shim stands for it) and
 * the global components. `extra` adds files to the React project.
 */
export function writeStrictChecks(apps: { react: string; vue: string }, extra: Record<string, string> = {}) {
  const write = (dir: string, files: Record<string, string>, options: Record<string, unknown> = {}) => {
    const tsconfig = { compilerOptions: { ...strict, ...options }, include: ['*.ts', '*.tsx'] };
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  };
  write(apps.react, { 'dom-check.ts': domCheck, 'react-check.tsx': reactCheck, ...extra }, { jsx: 'react-jsx' });
  write(apps.vue, {
    'vue-check.ts': vueCheck,
    'vue-shim.d.ts':
      "declare module '*.vue' {\n  const component: import('vue').DefineComponent;\n  export default component;\n}\n",
  });
  // vite.config.ts is the build's, not the app's: tsc leaves it out.
  fs.rmSync(path.join(apps.vue, 'vite.config.ts'));
}

/** tsc over one project: '' when it compiles, else its report. */
export async function compile(tsc: string, project: string): Promise<string> {
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', project], { cwd: project });
    return '';
  } catch (error) {
    return (error as { stdout?: string }).stdout || String(error);
  }
}
