/**
 * The shipped declaration files compile in a partner's strict project (skipLibCheck: false) under
 * TypeScript 6 and 7 with @types/react 19 and vue: the React host app of e2e/hosts (the snippet of
 * docs/embed-react.md) as it is, plus checks that wrong options and event payloads are refused.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { typeDeclarations } from './declarations.js';

const run = promisify(execFile);
const project = path.resolve('test-results/types-check');

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    jsx: 'react-jsx',
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    types: [],
    // How a partner's app imports the loader by its URL with these types (docs/embed-react.md).
    paths: { 'https://kasuwa.shop/widgets/kasuwa-widgets.js': ['./kasuwa-widgets.d.ts'] },
  },
  include: ['*.ts', '*.tsx'],
};

/** The DOM types: events on addEventListener, element properties and methods. */
const domCheck = `
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
export {};
`;

/** React JSX: wrong option values and handlers are refused. */
const reactCheck = `
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

beforeAll(() => {
  fs.rmSync(project, { recursive: true, force: true });
  fs.mkdirSync(project, { recursive: true });
  for (const [file, text] of Object.entries(typeDeclarations())) fs.writeFileSync(path.join(project, file), text);
  for (const file of ['App.tsx', 'main.tsx']) fs.copyFileSync(`e2e/hosts/react/${file}`, path.join(project, file));
  fs.writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  fs.writeFileSync(path.join(project, 'dom-check.ts'), domCheck);
  fs.writeFileSync(path.join(project, 'react-check.tsx'), reactCheck);
  fs.writeFileSync(path.join(project, 'vue-check.ts'), vueCheck);
});

async function compile(tsc: string): Promise<string> {
  try {
    await run(process.execPath, [tsc, '-p', project], { cwd: project });
    return '';
  } catch (error) {
    return (error as { stdout?: string }).stdout || String(error);
  }
}

// A whole tsc run over @types/react takes 10 s on a quiet machine and several times that on a busy one.
describe('kasuwa-widgets d.ts in a strict project', { timeout: 180_000 }, () => {
  it('given TypeScript 6 should compile the React host app and the checks without an error', async () => {
    expect(await compile(path.resolve('node_modules/typescript/bin/tsc'))).toBe('');
  });

  it('given TypeScript 7 should compile the React host app and the checks without an error', async () => {
    expect(await compile(path.resolve('node_modules/typescript7/bin/tsc'))).toBe('');
  });
});
