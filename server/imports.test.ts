/**
 * Arrows point one way (README "Architecture"): server/ imports nothing from site/, common/ nothing from either,
 * product code nothing from testing/; each server capability folder is transport-free and imports no configuration
 * module and no other capability's storage, and server/db imports no capability. Read from the import statements.
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

describe('product and test code', () => {
  it('given product code (tests and test runners aside) should import nothing from testing/', () => {
    const imports = PRODUCT.flatMap(importsUnder).filter((entry) => !TEST_CODE.test(entry.file));
    expect(imports.length).toBeGreaterThan(500);
    expect(imports.filter(into('testing'))).toEqual([]);
  });
});

describe('the server by capability', () => {
  it('finds the capabilities from the folders of server/', () => {
    expect(CAPABILITIES).toEqual(expect.arrayContaining(['server/signups', 'server/contest', 'server/partners']));
    expect(CAPABILITIES.length).toBeGreaterThanOrEqual(6);
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
