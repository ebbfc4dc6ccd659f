/**
 * Arrows point one way (README "Architecture"): server/ imports nothing from site/ (it is handed the
 * site's renderers, server/load-page-renderers.ts), common/ imports from neither; each server capability
 * (signups, contest, mail, privacy) is transport-free and imports no configuration module and no other
 * capability's storage, and server/db imports no capability. Read from the import statements.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** Every relative import of every .ts/.tsx file under `dir`, as repo-relative paths. */
function importsUnder(dir: string): { file: string; target: string }[] {
  const found: { file: string; target: string }[] = [];
  for (const name of fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]) {
    if (!/\.tsx?$/.test(name)) continue;
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

/** The capabilities: each owns its rules and its storage (README "Architecture"). */
const CAPABILITIES = ['server/signups', 'server/contest', 'server/mail', 'server/privacy'];
/** A capability's storage: the files that speak SQL or Redis for it. */
const STORAGE = /(store|storage|hit-counters|snapshot)\.ts$/;

describe('the server by capability', () => {
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
});
