/**
 * Nothing past our browser floor (package.json "browserslist") runs unguarded: eslint-plugin-compat
 * reads the bundles as built (our code and every dependency in them), and our sources use the newer
 * APIs it cannot see only in the files that guard them (docs/embedding.md#supported-browsers).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import compat from 'eslint-plugin-compat';
import { describe, expect, it } from 'vitest';

const builtScripts = ['dist/widgets', 'dist/site/assets'].flatMap((dir) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(dir, file)),
);

/**
 * What eslint-plugin-compat reports but the code checks for first, which it cannot tell: React reads
 * navigator.connection only where it exists.
 */
const GUARDED_IN_DEPENDENCIES = ['navigator.connection'];

/** Newer APIs called on objects (which the plugin cannot type), and the one file allowed to call each. */
const GUARDED_IN_SOURCES: [RegExp, string, string][] = [
  [/\.replaceSync\(|adoptedStyleSheets/, 'constructable stylesheets (Safari 16.4)', 'widgets/shared/compat.ts'],
  [/\.requestSubmit\(/, 'form.requestSubmit (Safari 16)', 'widgets/shared/compat.ts'],
  [/Object\.hasOwn\(/, 'Object.hasOwn (Safari 15.4, Chrome 93; use hasOwn from compat.ts)', ''],
  [/\.showModal\(|\.close\(\)/, '<dialog> methods (Safari 15.4)', 'widgets/shared/dialog.tsx'],
  [/structuredClone\(|\.at\(-?\d|\.findLast\(|\.replaceAll\(/, 'ES2022+ built-ins (Chrome 85–98)', ''],
];

const widgetSources = fs
  .readdirSync('widgets', { recursive: true, encoding: 'utf8' })
  .map((file) => path.join('widgets', file))
  .filter((file) => /\.tsx?$/.test(file) && !/\.(test|browser)\.ts$|test-support/.test(file));

/** Linting every built script (1.8 MB) takes 5 s alone and four times that beside the other suites. */
const LINT_ALL_TIMEOUT_MS = 90_000;

describe('the browser floor', () => {
  it('has no unguarded API past it in the built widgets and site script', {
    timeout: LINT_ALL_TIMEOUT_MS,
  }, async () => {
    expect(builtScripts.length).toBeGreaterThan(10);
    const eslint = new ESLint({
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.js'],
          plugins: { compat },
          settings: { polyfills: GUARDED_IN_DEPENDENCIES },
          languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
          rules: { 'compat/compat': 'error' },
        },
      ],
    });
    const results = await eslint.lintFiles(builtScripts);
    const problems = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath.replace(`${process.cwd()}/`, '')}: ${message.message}`),
    );
    expect(problems).toEqual([]);
  });

  it('has no optional call with a spread argument before the last (Chrome 80–90 throw on it; `?.` is kept as written)', () => {
    const shape = /\?\.(?:[\w$]+)?\((?:[^()]*?)\.\.\.[^(),]+,/;
    const found = builtScripts.filter((file) => shape.test(fs.readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('calls the newer APIs it cannot see only in the file that guards each', () => {
    const misplaced = widgetSources.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return GUARDED_IN_SOURCES.filter(([pattern, , allowed]) => file !== allowed && pattern.test(text)).map(
        ([, api]) => `${file}: ${api}`,
      );
    });
    expect(misplaced).toEqual([]);
  });
});
