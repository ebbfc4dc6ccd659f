/**
 * Arrows point one way (README "Architecture"): server/ imports nothing from site/ (it is handed the
 * site's renderers, server/site-pages.ts), common/ imports from neither, and the transport-free core
 * imports no configuration module. Read from the source's import statements, tests included.
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

  it('given the core (tests aside) should import no configuration module', () => {
    const imports = importsUnder('server/core').filter((entry) => !entry.file.includes('.test.'));
    expect(imports.filter((entry) => /config(\.js)?$/.test(entry.target))).toEqual([]);
  });
});
