/**
 * The types @kasuwa/widgets ships (from the tags' metadata, laid out as the package) compile in a
 * strict project (skipLibCheck: false) under TypeScript 6 and 7 with @types/react 19 and vue: the host
 * apps of testing/e2e/hosts as they are, wrong options and event payloads refused, and the package's code
 * against its declarations. packages/widgets/package.built.test.ts does so against the packed tarball.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageDeclarations } from '../scripts/widget-declarations.js';
import { compile, hostProjects, packageDir, writeStrictChecks } from '../testing/e2e/hosts/host-projects.js';

const root = path.resolve('test-results/types-check');

/** The package's code answers the functions its generated declarations promise. */
const implementationCheck = `
import type * as declared from '@kasuwa/widgets';
import * as implemented from '../../../packages/widgets/src/index.js';
type Functions = Pick<typeof declared, 'loadKasuwaWidgets' | 'ready' | 'openStartSelling'>;
export const functions: Functions = implemented;
`;

let apps: { react: string; vue: string };

beforeAll(() => {
  apps = hostProjects(root, (packageRoot) => {
    fs.copyFileSync(path.join(packageDir, 'package.json'), path.join(packageRoot, 'package.json'));
    for (const [file, text] of Object.entries(packageDeclarations()))
      fs.writeFileSync(path.join(packageRoot, file), text);
  });
  writeStrictChecks(apps, { 'implementation-check.ts': implementationCheck });
});

// A whole tsc run over @types/react takes 10 s on a quiet machine and several times that on a busy one.
describe('@kasuwa/widgets types in a strict project', { timeout: 180_000 }, () => {
  it.each([
    ['TypeScript 6', 'node_modules/typescript/bin/tsc'],
    ['TypeScript 7', 'node_modules/typescript7/bin/tsc'],
  ])('given %s should compile the React host app and the checks without an error', async (_name, tsc) => {
    expect(await compile(path.resolve(tsc), apps.react)).toBe('');
  });

  it('given TypeScript 6 should compile the Vue host app and its global components without an error', async () => {
    expect(await compile(path.resolve('node_modules/typescript/bin/tsc'), apps.vue)).toBe('');
  });
});
