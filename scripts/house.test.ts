/**
 * The house rules a newcomer relies on (README "Where to read more"): a README short enough to read in
 * one go with every doc linked from it, the configuration table generated from its one list, no source
 * file too long to hold in one's head nor opening with a comment of more than six lines, configuration
 * read in one place, and citations of documents that are in the repository only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configTable } from '../common/config-variables.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'builds',
  'releases',
  '.git',
  'test-results',
  'playwright-report',
  'var',
]);
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css)$/;
/** What the header-comment rule covers: the languages whose files open with a comment about them. */
const SCRIPT = /\.(ts|tsx|js|mjs|cjs)$/;
const MAX_SOURCE_LINES = 400;
const MAX_HEADER_LINES = 6;
const MAX_README_LINES = 250;
/** A test file of the unit, built, faults or widgets layer, by its one suffix per layer (docs/quality.md). */
const TEST_FILE = /\.(test|built\.test|fault\.test|browser)\.tsx?$/;
/** Test files beside the code named after no file (37 when counted, 2026-12): this only comes down. */
const UNNAMED_TESTS_CEILING = 37;
/**
 * What a test's name may be followed by to name its file: a tag's `<tag>.browser.ts` tests the tag of
 * `<tag>.tag.ts` (docs/quality.md), so a new tag's tests (docs/adding-a-tag.md) leave the ceiling alone.
 */
const NAMED_FILE_ENDINGS = ['.ts', '.tsx', '.mjs', '.mts', '.tag.ts'];

function repositoryFiles(dir = root): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') && entry.name !== '.ci') return [];
    if (SKIPPED_FOLDERS.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? repositoryFiles(full) : [path.relative(root, full)];
  });
}

const files = repositoryFiles();
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const readme = read('README.md');
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const isTest = (file: string) => /\.(test|e2e)\.ts$/.test(file) || file.startsWith('testing/');
/** Lines of the comment a file opens with (after a shebang): one block comment, or a run of `//` lines. */
function headerLines(text: string): number {
  const lines = text.split('\n');
  const start = lines[0]?.startsWith('#!') ? 1 : 0;
  if (lines[start]?.trimStart().startsWith('/*')) {
    const end = lines.findIndex((line, index) => index >= start && line.includes('*/'));
    return end < 0 ? lines.length - start : end - start + 1;
  }
  let end = start;
  while (lines[end]?.trimStart().startsWith('//')) end += 1;
  return end - start;
}

describe('the house', () => {
  it(`keeps the README at most ${MAX_README_LINES} lines`, () => {
    expect(lineCount(readme)).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('links every file in docs/ from the README', () => {
    const docs = files.filter((file) => file.startsWith('docs/') && file.endsWith('.md'));
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.filter((doc) => !readme.includes(`](${doc})`))).toEqual([]);
  });

  it('has no link in the README or docs/ to a file that does not exist', () => {
    const broken = files
      .filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')))
      .flatMap((file) =>
        [...read(file).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
          .map((match) => match[1] ?? '')
          .filter((target) => !/^[a-z]+:/.test(target))
          .filter((target) => !fs.existsSync(path.join(root, path.dirname(file), target)))
          .map((target) => `${file} → ${target}`),
      );
    expect(broken).toEqual([]);
  });

  it('generates the README configuration table from common/config-variables.ts', () => {
    const between = /<!-- config-table:start[^>]*-->\n([\s\S]*?)\n<!-- config-table:end -->/.exec(readme);
    expect(between?.[1]).toBe(configTable());
  });

  it(`has no source file over ${MAX_SOURCE_LINES} lines`, () => {
    const long = files
      .filter((file) => SOURCE.test(file))
      .map((file) => ({ file, lines: lineCount(read(file)) }))
      .filter(({ lines }) => lines > MAX_SOURCE_LINES);
    expect(long).toEqual([]);
  });

  it(`keeps each source file's header comment, tests included, to at most ${MAX_HEADER_LINES} lines`, () => {
    const long = files
      .filter((file) => SCRIPT.test(file))
      .map((file) => ({ file, lines: headerLines(read(file)) }))
      .filter(({ lines }) => lines > MAX_HEADER_LINES);
    expect(long, 'move the usage and design notes to docs/ or beside the code they describe').toEqual([]);
  });

  it(`names test files beside the code after a file they test, at most ${UNNAMED_TESTS_CEILING} not yet (docs/quality.md)`, () => {
    const beside = files.filter((file) => /^(server|site|widgets|common|scripts)\//.test(file) && TEST_FILE.test(file));
    expect(beside.length).toBeGreaterThan(80);
    const product = (test: string) => test.replace(TEST_FILE, '');
    const unnamed = beside.filter(
      (test) => !NAMED_FILE_ENDINGS.some((ending) => files.includes(`${product(test)}${ending}`)),
    );
    // The ceiling only comes down: a new test file is named after its file, and a renamed one lowers it.
    expect(unnamed.length, unnamed.join('\n')).toBeLessThanOrEqual(UNNAMED_TESTS_CEILING);
  });

  it('reads process.env under server/ only in server/config.ts (tests aside)', () => {
    const readers = files
      .filter((file) => file.startsWith('server/') && SOURCE.test(file) && !isTest(file))
      .filter((file) => file !== 'server/config.ts' && read(file).includes('process.env'));
    expect(readers).toEqual([]);
  });

  it('cites only documents the repository holds (no product brief, design card or issue)', () => {
    // '../shared' alone would match the widgets' own imports of widgets/shared/, so only its documents.
    const outside = [
      'SPEC.md',
      'DESIGN.md',
      'shared/SPEC',
      'shared/DESIGN',
      'design card',
      'product brief',
      'product spec',
      'the brief',
      'the issue asks',
      'the issue says',
    ];
    const citing = files.filter(
      (file) =>
        file !== 'scripts/house.test.ts' &&
        !/\.(png|jpe?g|webp|ico|gz|br)$/.test(file) &&
        outside.some((phrase) => read(file).toLowerCase().includes(phrase.toLowerCase())),
    );
    expect(citing).toEqual([]);
  });
});
