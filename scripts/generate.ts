/**
 * `npm run generate`: rewrites every committed file derived from widgets/tags.ts and the tags' metadata
 * (docs/adding-a-tag.md), printing each as written or unchanged; `-- --check` writes nothing and exits 1
 * naming the stale ones (scripts/generate.test.ts runs it so). The manifest and declarations are no
 * committed files: every build writes them (scripts/build-widgets.mjs).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WIDGET_DATA_FILE, widgetDataJson } from '../integrations/wordpress/widget-data.js';
import { reservedSizesStyleLine } from '../widgets/registry.js';
import { guideTexts } from './widget-api-docs.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The partner's whole page, in the guide and in the test host, with the loader's sheet as one line. */
const STYLE_LINE_FILES = ['docs/embedding.md', 'testing/e2e/hosts/plain/index.html'];
const STYLE_LINE = /<style>:where\([^\n]*?<\/style>/g;

/** The file's text with its one `<style>` line of reserved sizes replaced by today's. */
function withStyleLine(file: string, text: string): string {
  const found = text.match(STYLE_LINE)?.length ?? 0;
  if (found !== 1) throw new Error(`${file}: ${found} <style>:where(…) lines of reserved sizes, not one`);
  return text.replace(STYLE_LINE, reservedSizesStyleLine());
}

/** JSON as `npm run lint` (biome format) leaves it: short arrays on one line. */
function biomeFormatted(file: string, text: string): string {
  const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');
  const result = spawnSync(process.execPath, [biome, 'format', `--stdin-file-path=${file}`], {
    cwd: root,
    input: text,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`biome format ${file}: ${result.stderr}`);
  return result.stdout;
}

/** Every derived file's text, by path from the repository's root, from the texts `read` gives. */
export function derivedTexts(read: (file: string) => string): Record<string, string> {
  const texts = guideTexts(read);
  for (const file of STYLE_LINE_FILES) texts[file] = withStyleLine(file, texts[file] ?? read(file));
  texts[WIDGET_DATA_FILE] = biomeFormatted(WIDGET_DATA_FILE, widgetDataJson());
  return texts;
}

type Io = { read: (file: string) => string; write: (file: string, text: string) => void; log: (line: string) => void };

/** Writes what differs (or, with `check`, only names it); the exit code: 1 when `check` found a stale file. */
export function generate(check: boolean, { read, write, log }: Io): number {
  let stale = 0;
  for (const [file, text] of Object.entries(derivedTexts(read))) {
    if (text === read(file)) {
      log(`${file}: unchanged`);
      continue;
    }
    stale += 1;
    if (check) log(`${file}: stale, run npm run generate`);
    else {
      write(file, text);
      log(`${file}: written`);
    }
  }
  return check && stale > 0 ? 1 : 0;
}

/** The repository's files. */
export const repositoryIo: Io = {
  read: (file) => fs.readFileSync(path.join(root, file), 'utf8'),
  write: (file, text) => fs.writeFileSync(path.join(root, file), text),
  log: (line) => console.log(line),
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = generate(process.argv.includes('--check'), repositoryIo);
