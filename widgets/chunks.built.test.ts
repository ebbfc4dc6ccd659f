/**
 * The widget chunks as merged after the build (scripts/merge-chunks.mjs): a chunk joins a runtime's file
 * only when nothing the loader fetches before that runtime imports it, so a page in another language
 * gets its words beside React, not after it, and no runtime pulls a widget's own code. No file a page
 * loads carries a tag's metadata: its words are for the docs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { widgetMetadata } from './metadata.js';
import { hostSizes } from './registry.js';

const dir = 'dist/widgets/chunks';
const chunks = fs.readdirSync(dir).filter((file) => file.endsWith('.js'));
const staticImports = (file: string) =>
  [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map(
    (match) => match[1] ?? '',
  );

const reached = (file: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of staticImports(file)) reached(imported, seen);
  return seen;
};

describe('the merged widget chunks', () => {
  it('given a language chunk or the list of them should import no other file', () => {
    const languages = chunks.filter((file) => /^(widgets\.[\w-]+|catalog-loaders)-\w+\.js$/.test(file));
    expect(languages.length).toBeGreaterThanOrEqual(6);
    expect(languages.flatMap((file) => staticImports(file).map((imported) => `${file} → ${imported}`))).toEqual([]);
  });

  it("given a runtime should import no widget's code and no later runtime", () => {
    const runtimes = chunks.filter((file) => file.startsWith('runtime-'));
    expect(runtimes.map((file) => file.replace(/-\w+\.js$/, '')).sort()).toEqual(['runtime-forms', 'runtime-react']);
    const wrong = runtimes.flatMap((runtime) =>
      [...reached(runtime)]
        .filter(
          (file) =>
            /\.define-/.test(file) || (runtime.startsWith('runtime-react-') && file.startsWith('runtime-forms-')),
        )
        .map((file) => `${runtime} → ${file}`),
    );
    expect(wrong).toEqual([]);
  });

  it("given the loader's list of a tag's files should name exactly the files its define imports, directly or not", () => {
    const loader = fs.readFileSync('dist/widgets/kasuwa-widgets.js', 'utf8');
    const lists = [...loader.matchAll(/"([a-z-]+)":\[((?:"\.\/chunks\/[^"]+",?)+)\]/g)].map(([, tag, files]) => ({
      tag,
      files: (files ?? '').split(',').map((file) => JSON.parse(file).replace('./chunks/', '') as string),
    }));
    expect(lists.map(({ tag }) => tag).sort()).toEqual(Object.keys(hostSizes).sort());
    for (const { tag, files } of lists) {
      const define = chunks.find((file) => file.startsWith(`${tag}.define-`)) ?? `${tag}.define (missing)`;
      expect([...files].sort(), tag).toEqual([...reached(define)].sort());
      expect(files[0], `${tag}: React's file first`).toMatch(/^runtime-react-/);
    }
  });

  it("given the loader, the classic bundle or any chunk should carry none of a tag's descriptions", () => {
    const files = ['kasuwa-widgets.js', 'kasuwa-widgets.iife.js', ...chunks.map((file) => `chunks/${file}`)];
    const texts = files.map((file) => fs.readFileSync(path.join('dist/widgets', file), 'utf8'));
    const descriptions = widgetMetadata.flatMap((w) => [
      w.description,
      ...[...w.attributes, ...w.methods, ...w.events].map((item) => item.description),
    ]);
    const carried = descriptions.filter((description) => texts.some((text) => text.includes(description)));
    expect(descriptions.length).toBeGreaterThan(20);
    expect(carried).toEqual([]);
  });
});
