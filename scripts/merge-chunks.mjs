/**
 * Merges the widget chunks that always load together into their runtime's file, after esbuild has split
 * them (scripts/build.mjs): fewer requests, and fewer headers on a cheap phone's wire. What joins a
 * runtime, and why that changes nothing a page loads or runs in which task: `mergeChunks` below.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TERSER } from './minify.mjs';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** An 8-character name hash in esbuild's alphabet (server/http/static.ts treats such names as immutable). */
function nameHash(text) {
  let bits = '';
  for (const byte of createHash('sha256').update(text).digest().subarray(0, 5))
    bits += byte.toString(2).padStart(8, '0');
  return Array.from({ length: 8 }, (_, i) => BASE32[Number.parseInt(bits.slice(i * 5, i * 5 + 5), 2)]).join('');
}

/**
 * esbuild makes a chunk for every set of entries that reach a module, so unmerged, the loader's first
 * import of a tag pulls many files (entry stubs, the CommonJS helper, React's pieces...). A shared chunk
 * joins a runtime of widgets/registry.ts (`runtime-react`, `runtime-forms`) when
 * - it is loaded with that runtime every time: the runtime imports it, or every tag that needs the
 *   runtime imports it (no page gets a byte it did not get before), and
 * - nothing imports it that could run before that runtime: only the tags whose code the loader imports
 *   after that runtime, the runtimes it imports after it, and chunks that only those import (the API
 *   client, the popover). The loader's other imports (the language list, the languages, which the
 *   classic script imports by URL too) never count as after.
 * The runtime's file then holds those chunks too, and is still evaluated in its own task (the loader
 * awaits a task between runtimes); everything else keeps a file of its own. Each file is bundled again
 * by esbuild from the first build's output, so scopes and names stay esbuild's to get right: an import
 * of a merged chunk is pointed at the runtime's file under a new export name. Names are hashed again
 * from the contents, the licenses follow their code into `<file>.LEGAL.txt`.
 *
 * `metafile`: the file of esbuild's metafile of the split build (read, then removed; output paths
 * relative to the working directory). `external`: the entry sources something outside this build
 * imports (the loader, the classic script). `registry`: widgets/registry.ts (`registryRuntimes`).
 * `esbuildOptions`: the first build's target and syntax. Each file gets a last pass of Terser
 * (scripts/minify.mjs). Rewrites the JavaScript files of `dir`; returns `entries`, each entry source's
 * new file as the folder above `dir` imports it (`./chunks/…`), and `tagFiles`, for each tag the files
 * its runtimes and define import statically, the same way (`./chunks/…`).
 */
export async function mergeChunks({ dir, metafile: metafileFile, external, registry, esbuildOptions }) {
  const { minify } = await import('terser');
  const metafile = JSON.parse(fs.readFileSync(metafileFile, 'utf8'));
  fs.rmSync(metafileFile);
  const runtimesOf = await registryRuntimes(registry);
  const outputs = new Map(
    Object.entries(metafile.outputs)
      .filter(([file]) => file.endsWith('.js'))
      .map(([file, output]) => [path.resolve(file), output]),
  );
  const files = [...outputs.keys()];
  const entryOf = (file) => (outputs.get(file).entryPoint ? path.resolve(outputs.get(file).entryPoint) : undefined);
  const fileOf = new Map(files.filter(entryOf).map((file) => [entryOf(file), file]));
  const importsOf = (file, kind) =>
    outputs
      .get(file)
      .imports.filter((entry) => entry.kind === kind && !entry.external)
      .map((entry) => path.resolve(entry.path));
  const { build } = await import('esbuild');
  // esbuild has every chunk import its helper chunk (`__commonJS`, `__toESM`), even one that uses
  // none of it, such as a language's: an import of no names of a chunk without side effects (what
  // esbuild's tree shaking drops entirely) does nothing, and is left out, here and in the files.
  const pure = new Map();
  for (const file of files) {
    const shaken = await build({
      stdin: { contents: `import ${JSON.stringify(file)};`, resolveDir: dir },
      bundle: true,
      format: 'esm',
      minify: true,
      write: false,
      logLevel: 'silent',
    });
    pure.set(file, shaken.outputFiles[0].text.trim() === '');
  }
  const idle = new Set();
  for (const file of files) {
    const code = fs.readFileSync(file, 'utf8');
    for (const target of importsOf(file, 'import-statement')) {
      const name = path.basename(target).replaceAll('.', '\\.');
      if (pure.get(target) && !new RegExp(`from\\s*["']\\./${name}["']`).test(code)) idle.add(`${file}\0${target}`);
    }
  }
  const staticImports = (file) =>
    importsOf(file, 'import-statement').filter((target) => !idle.has(`${file}\0${target}`));
  const closure = (root, seen = new Set()) => {
    if (seen.has(root)) return seen;
    seen.add(root);
    for (const next of staticImports(root)) closure(next, seen);
    return seen;
  };
  const roots = files.filter(entryOf);
  const closures = new Map(roots.map((root) => [root, closure(root)]));
  const users = new Map(files.map((file) => [file, roots.filter((root) => closures.get(root).has(file))]));
  const fileOfSource = (source) => {
    const file = fileOf.get(source);
    if (!file) throw new Error(`[merge-chunks] no chunk for ${source}`);
    return file;
  };
  const tags = [...runtimesOf].map(([define, runtimes]) => ({
    define: fileOfSource(define),
    runtimes: runtimes.map(fileOfSource),
  }));
  const runtimes = [...new Set(tags.flatMap((tag) => tag.runtimes))];
  const outside = new Set([...external].map(fileOfSource));

  /** What the loader evaluates only once `runtime` has been (see above). */
  const loadedAfter = (runtime) => {
    const after = new Set(tags.filter((tag) => tag.runtimes.includes(runtime)).map((tag) => tag.define));
    for (const other of runtimes) {
      const needing = tags.filter((tag) => tag.runtimes.includes(other));
      if (
        other !== runtime &&
        needing.every(
          (tag) => tag.runtimes.indexOf(runtime) > -1 && tag.runtimes.indexOf(runtime) < tag.runtimes.indexOf(other),
        )
      )
        after.add(other);
    }
    const within = (file) => users.get(file).every((user) => user === runtime || after.has(user));
    for (let grew = true; grew; ) {
      grew = false;
      for (const root of roots) {
        if (root === runtime || after.has(root) || outside.has(root)) continue;
        const importers = files.filter((file) => importsOf(file, 'dynamic-import').includes(root));
        if (importers.length && importers.every(within)) {
          after.add(root);
          grew = true;
        }
      }
    }
    return { after, within };
  };

  const groupOf = new Map();
  for (const runtime of runtimes) {
    const { within } = loadedAfter(runtime);
    const defines = tags.filter((tag) => tag.runtimes.includes(runtime)).map((tag) => tag.define);
    for (const file of files) {
      if (entryOf(file) || groupOf.has(file)) continue;
      const always = closures.get(runtime).has(file) || defines.every((define) => closures.get(define).has(file));
      if (always && within(file)) groupOf.set(file, runtime);
    }
  }

  // One unit per output file: a runtime with the chunks merged into it, or a file as it was.
  const units = files
    .filter((file) => !groupOf.has(file))
    .map((file) => ({
      head: file,
      files: [file, ...files.filter((member) => groupOf.get(member) === file)],
      name: path.basename(file).replace(/-[A-Z0-9]{8}\.js$/, ''),
    }));
  const unitOf = new Map(units.flatMap((unit, i) => unit.files.map((file) => [file, i])));
  // A merged chunk's exports, renamed in its runtime's file (`_0`, `_1`...; the runtime keeps its own names).
  const alias = new Map();
  for (const unit of units) {
    let next = 0;
    for (const member of unit.files.slice(1))
      for (const name of outputs.get(member).exports) alias.set(`${member}\0${name}`, `_${(next++).toString(36)}`);
  }
  const placeholder = (i) => `kasuwa-chunk:${i}`;
  const reexport = (pairs, from) =>
    pairs.length ? `export { ${pairs.join(', ')} } from ${JSON.stringify(from)};` : `import ${JSON.stringify(from)};`;

  const result = await build({
    ...esbuildOptions,
    entryPoints: units.map((unit, i) => ({ in: unit.files.length > 1 ? `kasuwa-unit:${i}` : unit.head, out: `u${i}` })),
    outdir: dir,
    entryNames: '[name]',
    bundle: true,
    splitting: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'merge-chunks',
        setup(plugin) {
          plugin.onResolve({ filter: /^kasuwa-unit:/ }, (args) => ({ path: args.path, namespace: 'unit' }));
          plugin.onLoad({ filter: /.*/, namespace: 'unit' }, (args) => {
            const unit = units[Number(args.path.split(':')[1])];
            const [head, ...members] = unit.files;
            // The runtime first, so its own modules are evaluated in the order they were.
            const lines = [
              reexport(outputs.get(head).exports, head),
              ...members.map((member) =>
                reexport(
                  outputs.get(member).exports.map((name) => `${name} as ${alias.get(`${member}\0${name}`)}`),
                  member,
                ),
              ),
            ];
            return { contents: lines.join('\n'), loader: 'js', resolveDir: dir };
          });
          plugin.onResolve({ filter: /^kasuwa-chunk:/ }, (args) => ({ path: args.path, external: true }));
          plugin.onResolve({ filter: /^\.{0,2}\// }, (args) => {
            const target = path.resolve(args.resolveDir, args.path);
            if (!unitOf.has(target))
              throw new Error(`[merge-chunks] ${args.importer} imports ${args.path}, not a chunk`);
            if (idle.has(`${args.importer}\0${target}`)) return { path: target, namespace: 'idle' };
            const to = unitOf.get(target);
            // An entry point (no importer) is its own unit; the unit's module is the runtime's.
            const from =
              args.namespace === 'unit'
                ? Number(args.importer.split(':')[1])
                : args.importer
                  ? unitOf.get(args.importer)
                  : to;
            if (to === from) return { path: target };
            if (args.kind !== 'dynamic-import' && units[to].head !== target)
              return { path: target, namespace: 'proxy' };
            return { path: placeholder(to), external: true };
          });
          plugin.onLoad({ filter: /.*/, namespace: 'idle' }, () => ({ contents: '', loader: 'js' }));
          plugin.onLoad({ filter: /.*/, namespace: 'proxy' }, (args) => ({
            contents: reexport(
              outputs.get(args.path).exports.map((name) => `${alias.get(`${args.path}\0${name}`)} as ${name}`),
              placeholder(unitOf.get(args.path)),
            ),
            loader: 'js',
          }));
        },
      },
    ],
  });

  // Names hashed from the contents and those of everything each file imports, directly or not.
  const texts = [];
  for (const [i] of units.entries())
    texts.push(
      (await minify(result.outputFiles.find((file) => path.basename(file.path) === `u${i}.js`).text, TERSER)).code,
    );
  const PLACEHOLDER = /(["'])kasuwa-chunk:(\d+)\1/g;
  // Which units each unit imports statically (what the browser fetches before evaluating it).
  const staticDeps = units.map((_, i) =>
    Object.entries(result.metafile.outputs)
      .find(([file]) => path.basename(file) === `u${i}.js`)[1]
      .imports.filter((entry) => entry.kind === 'import-statement' && entry.path.startsWith('kasuwa-chunk:'))
      .map((entry) => Number(entry.path.split(':')[1])),
  );
  const deps = texts.map((text) => [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => Number(match[2])))]);
  const own = texts.map((text) => createHash('sha256').update(text).digest('hex'));
  const reach = (i, seen = new Set()) => {
    if (seen.has(i)) return seen;
    seen.add(i);
    for (const dep of deps[i]) reach(dep, seen);
    return seen;
  };
  const names = units.map((unit, i) => {
    const all = [...reach(i)].map((j) => own[j]).sort();
    return `${unit.name}-${nameHash(`${own[i]}\n${all.join('\n')}`)}.js`;
  });

  const licenses = units.map((unit) =>
    unit.files
      .map((file) => `${file}.LEGAL.txt`)
      .filter((file) => fs.existsSync(file))
      .map((file) =>
        fs
          .readFileSync(file, 'utf8')
          .replace(/^Bundled license information:\n\n/, '')
          .trimEnd(),
      ),
  );
  for (const file of fs.readdirSync(dir)) if (/\.js(\.LEGAL\.txt)?$/.test(file)) fs.rmSync(path.join(dir, file));
  names.forEach((name, i) => {
    let text = texts[i].replace(PLACEHOLDER, (_, quote, n) => `${quote}./${names[Number(n)]}${quote}`);
    if (licenses[i].length) {
      fs.writeFileSync(
        path.join(dir, `${name}.LEGAL.txt`),
        `Bundled license information:\n\n${licenses[i].join('\n\n')}\n`,
      );
      text += `/*! For license information please see ${name}.LEGAL.txt */\n`;
    }
    fs.writeFileSync(path.join(dir, name), text);
  });
  const imported = (i) => `./${path.relative(path.dirname(dir), path.join(dir, names[i]))}`;
  const entries = new Map(
    units.flatMap((unit, i) => unit.files.filter(entryOf).map((file) => [entryOf(file), imported(i)])),
  );
  // Every file a tag's code needs before its first render, in the order the loader evaluates them.
  const staticClosure = (i, seen = new Set()) => {
    if (seen.has(i)) return seen;
    seen.add(i);
    for (const dep of staticDeps[i]) staticClosure(dep, seen);
    return seen;
  };
  // A define file is `widgets/<tag>/<tag>.define.ts`.
  const tagFiles = Object.fromEntries(
    [...runtimesOf].map(([define, runtimes]) => {
      const reached = new Set();
      for (const source of [...runtimes, define]) staticClosure(unitOf.get(fileOfSource(source)), reached);
      return [path.basename(path.dirname(define)), [...reached].map(imported)];
    }),
  );
  return { entries, tagFiles };
}

/** For a bundle run in Node: each `import()` left as written, not bundled (a tag's define chunk, say). */
export const lazyImportsLeft = {
  name: 'lazy-imports',
  setup(plugin) {
    plugin.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * Each tag's define file and its runtimes' files, in the order the loader evaluates them, from
 * the registry itself (bundled for Node, its dynamic imports left as they are and read back).
 */
export async function registryRuntimes(registryFile) {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [registryFile],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    plugins: [lazyImportsLeft],
  });
  const { registry } = await import(
    `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`
  );
  // A define's import is written in its tag's folder (widgets/<tag>/), a runtime's in widgets/shared/runtimes.ts.
  const source = (importer, folder) => {
    const match = /import\(\s*["']([^"']+)\.js["']\s*\)/.exec(String(importer));
    if (!match) throw new Error(`${registryFile}: cannot tell what ${importer} imports`);
    return path.resolve(folder, `${match[1]}.ts`);
  };
  const dir = path.dirname(registryFile);
  return new Map(
    Object.entries(registry).map(([tag, { define, runtimes }]) => [
      source(define, path.join(dir, tag)),
      runtimes.map((runtime) => source(runtime, path.join(dir, 'shared'))),
    ]),
  );
}
