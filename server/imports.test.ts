/**
 * Arrows point one way (README "Architecture"): no import cycle across folders, server/ nothing from site/, common/
 * nothing from either, product code nothing from testing/, testing/ nothing from e2e/; each capability is
 * transport-free, imports no configuration module nor another's storage, and has one entry the composition
 * root lists; server/db no capability.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** Every relative import of every script under `dir`, as repo-relative paths. */
function importsUnder(dir: string): { file: string; target: string }[] {
  const found: { file: string; target: string }[] = [];
  for (const name of fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]) {
    if (!/\.(tsx?|mts|mjs|js)$/.test(name) || name.split(path.sep).includes('node_modules')) continue;
    const file = path.join(dir, name);
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    for (const [, specifier] of source.matchAll(SPECIFIER)) {
      if (!specifier?.startsWith('.')) continue;
      found.push({ file, target: path.relative(root, path.resolve(root, path.dirname(file), specifier)) });
    }
  }
  return found;
}

/** The source file an import names (`./x.js` is `x.ts` or `x.tsx` in the source), or the target itself. */
function sourceOf(target: string): string {
  const candidates = [target, target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), `${target}.ts`];
  return candidates.find((file) => fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile()) ?? target;
}

/**
 * The groups of files that reach each other through their imports (Tarjan's strongly connected components),
 * each of more than one file: every such group holds a cycle.
 */
function importCycles(imports: { file: string; target: string }[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { file, target } of imports) {
    if (!edges.has(file)) edges.set(file, new Set());
    edges.get(file)?.add(sourceOf(target));
  }
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    lowest.set(file, order.get(file) ?? 0);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!edges.has(next)) continue;
      if (!order.has(next)) visit(next);
      if (stack.includes(next)) lowest.set(file, Math.min(lowest.get(file) ?? 0, lowest.get(next) ?? 0));
    }
    if (lowest.get(file) !== order.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of edges.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

const into = (folder: string) => (entry: { target: string }) => entry.target.split(path.sep)[0] === folder;

describe('the import graph', () => {
  it('given server/ should import nothing from site/', () => {
    const imports = importsUnder('server');
    expect(imports.length).toBeGreaterThan(100);
    expect(imports.filter(into('site'))).toEqual([]);
  });

  it('given common/ should import nothing from server/, site/ or widgets/', () => {
    const imports = importsUnder('common');
    expect(imports.filter((entry) => ['server', 'site', 'widgets'].some((folder) => into(folder)(entry)))).toEqual([]);
  });
});

/** The layers every capability stands on or is reached through; every other folder of server/ is a capability. */
const LAYERS = new Set(['db', 'http', 'graphql', 'cli']);
/** The capabilities (signups, contest, mail, privacy, partners, consent, …): each owns its rules and its storage. */
const CAPABILITIES = fs
  .readdirSync(path.join(root, 'server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !LAYERS.has(entry.name))
  .map((entry) => `server/${entry.name}`);
/** A capability's storage: the files that speak SQL or Redis for it. */
const STORAGE = /(store|storage|hit-counters|snapshot)\.ts$/;

/** Product code: the folders that ship or build what ships. */
const PRODUCT = ['server', 'site', 'widgets', 'common', 'integrations', 'scripts'];
/** Tests and their own helpers beside them, and the test runners, which may use testing/. */
const TEST_CODE = /\.(test|browser|e2e|journey)\.tsx?$|\.test-support\.ts$|^scripts\/test\.mjs$/;

describe('the import graph across folders', () => {
  it('finds a cycle through a type import, and none inside one file', () => {
    const planted = [
      { file: 'server/db/database.ts', target: 'server/config.js' },
      { file: 'server/config.ts', target: 'server/db/database.js' },
      { file: 'server/log.ts', target: 'server/log.js' },
    ];
    expect(importCycles(planted)).toEqual([['server/config.ts', 'server/db/database.ts']]);
  });

  it('given server/, site/, widgets/ and common/ (type imports included) should have no cycle across folders', () => {
    const imports = ['server', 'site', 'widgets', 'common'].flatMap(importsUnder);
    // A tag and its define file in one widget folder may name each other: one folder is read as one thing.
    const acrossFolders = importCycles(imports).filter((group) => new Set(group.map(path.dirname)).size > 1);
    expect(acrossFolders).toEqual([]);
  });
});

describe('product and test code', () => {
  it('given product code (tests and test runners aside) should import nothing from testing/', () => {
    const imports = PRODUCT.flatMap(importsUnder).filter((entry) => !TEST_CODE.test(entry.file));
    expect(imports.length).toBeGreaterThan(500);
    expect(imports.filter(into('testing'))).toEqual([]);
  });

  it('given testing/ should import nothing from e2e/: the suites use the framework, not the other way round', () => {
    const imports = importsUnder('testing');
    expect(imports.length).toBeGreaterThan(20);
    expect(imports.filter(into('e2e'))).toEqual([]);
  });
});

describe('the server by capability', () => {
  it('finds the capabilities from the folders of server/', () => {
    expect(CAPABILITIES).toEqual(expect.arrayContaining(['server/signups', 'server/contest', 'server/partners']));
    expect(CAPABILITIES.length).toBeGreaterThanOrEqual(6);
  });

  it('given a capability should have one entry, index.ts, with the create(deps) that the composition root lists', () => {
    const services = fs.readFileSync(path.join(root, 'server/services.ts'), 'utf8');
    for (const capability of CAPABILITIES) {
      const entry = fs.readFileSync(path.join(root, capability, 'index.ts'), 'utf8');
      expect(entry, capability).toMatch(/^export (async )?function create\(deps: /m);
      expect(services, capability).toMatch(
        new RegExp(`^import \\* as \\w+ from '\\./${path.basename(capability)}/index\\.js';$`, 'm'),
      );
    }
  });

  it('given the composition root (server/services.ts, server/server.ts) should reach each capability through its entry', () => {
    const wiring = importsUnder('server').filter((entry) =>
      ['server/services.ts', 'server/server.ts'].includes(entry.file),
    );
    const capabilityFiles = wiring.filter((entry) =>
      CAPABILITIES.some((capability) => entry.target.startsWith(`${capability}/`)),
    );
    expect(capabilityFiles.length).toBeGreaterThanOrEqual(CAPABILITIES.length);
    expect(capabilityFiles.filter((entry) => !entry.target.endsWith(`${path.sep}index.js`))).toEqual([]);
  });

  it("given a capability should import no other capability's storage", () => {
    for (const capability of CAPABILITIES) {
      const imports = importsUnder(capability).filter((entry) => !entry.file.includes('.test.'));
      const foreign = imports.filter(
        (entry) => !entry.target.startsWith(capability) && CAPABILITIES.some((other) => entry.target.startsWith(other)),
      );
      expect(foreign.filter((entry) => STORAGE.test(entry.target.replace(/\.js$/, '.ts')))).toEqual([]);
    }
  });

  it('given a module outside server/rate-limits/ (its tests aside) should use the limits through their entry, index.ts', () => {
    const imports = ['server', 'bench']
      .flatMap(importsUnder)
      .filter((entry) => !entry.file.startsWith('server/rate-limits/'));
    const limits = imports.filter((entry) => entry.target.startsWith(`server${path.sep}rate-limits${path.sep}`));
    expect(limits.length).toBeGreaterThan(5);
    // The benchmark measures the counters themselves.
    const inside = limits.filter((entry) => !entry.target.endsWith('index.js') && !entry.file.startsWith('bench/'));
    expect(inside).toEqual([]);
  });

  it('given server/db should import no capability', () => {
    const imports = importsUnder('server/db');
    expect(imports.length).toBeGreaterThan(5);
    expect(imports.filter((entry) => CAPABILITIES.some((capability) => entry.target.startsWith(capability)))).toEqual(
      [],
    );
  });

  it('given a capability (tests aside) should import no configuration module and nothing of HTTP or GraphQL', () => {
    for (const capability of CAPABILITIES) {
      const imports = importsUnder(capability).filter((entry) => !entry.file.includes('.test.'));
      expect(imports.length, capability).toBeGreaterThan(0);
      expect(
        imports.filter(
          (entry) => /config(\.js)?$/.test(entry.target) || /^server\/(http|graphql)\//.test(entry.target),
        ),
      ).toEqual([]);
    }
  });

  it('given a capability (tests aside) should name no Config: the wiring hands it plain values', () => {
    const naming = CAPABILITIES.flatMap((capability) =>
      (fs.readdirSync(path.join(root, capability), { recursive: true }) as string[])
        .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
        .map((name) => path.join(capability, name))
        .filter((file) => /\bConfig\b/.test(fs.readFileSync(path.join(root, file), 'utf8'))),
    );
    expect(naming).toEqual([]);
  });
});
