/**
 * Lingui's macros (`msg`, `defineMessage` from '@lingui/core/macro') compiled away at build time by
 * Lingui's Babel plugin, for esbuild (tsup: widgets, server) and Vite (site assets, Vitest). Only files
 * that import the macro go through Babel. A descriptor keeps only its id (the English is in
 * locales/en.po): `msg({ id: 'form.submit', message: 'Start selling' })` → `{ id: 'form.submit' }`.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const MACRO_IMPORT = /from\s*['"]@lingui\/(core|react)\/macro['"]/;

/**
 * `widgets` (id → { key, m }, scripts/i18n.mjs widgetMessages), for the widgets' build: a descriptor
 * becomes `{ id: key, m: English compiled }`, so English needs no catalog in the browser and each
 * chunk holds only its own messages.
 */
export async function transformMacros(code, filename, widgets) {
  if (!MACRO_IMPORT.test(code)) return undefined;
  const { transformAsync } = await import('@babel/core');
  const { default: linguiMacro } = await import('@lingui/babel-plugin-lingui-macro');
  const result = await transformAsync(code, babelOptions(filename, linguiMacro));
  const out = result?.code ?? undefined;
  if (!out || !widgets) return out;
  return out.replace(/\/\*\*\s*i18n\s*\*\/\s*\{\s*id:\s*(['"])([^'"]+)\1\s*\}/g, (_, _quote, id) => {
    const message = widgets[id];
    if (!message) throw new Error(`${filename}: message ${id} is not among the widgets' (node scripts/i18n.mjs)`);
    return `{ id: ${JSON.stringify(message.key)}, m: ${JSON.stringify(message.m)} }`;
  });
}

/**
 * The same transform, synchronously, for module.registerHooks (scripts/lingui-hooks.mjs): source loaded
 * by tsx in Node, where no widget message is rewritten.
 */
export function transformMacrosSync(code, filename) {
  if (!MACRO_IMPORT.test(code)) return undefined;
  const { transformSync } = require('@babel/core');
  return transformSync(code, babelOptions(filename, require('@lingui/babel-plugin-lingui-macro')))?.code ?? undefined;
}

function babelOptions(filename, linguiMacro) {
  return {
    filename,
    babelrc: false,
    configFile: false,
    sourceMaps: false,
    retainLines: true,
    // Parse TypeScript and JSX, print them back: esbuild or Vite compiles them as before.
    parserOpts: { plugins: ['typescript', 'jsx'] },
    plugins: [[linguiMacro, { descriptorFields: 'id-only' }]],
  };
}

/** esbuild plugin (scripts/build.mjs runs transformMacros in its own css-literals plugin for widgets/). */
export const linguiMacroPlugin = {
  name: 'lingui-macro',
  setup(build) {
    build.onLoad({ filter: /[\\/](widgets|site|server|common)[\\/].*\.tsx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const code = await transformMacros(source, args.path);
      return code === undefined ? undefined : { contents: code, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** Vite plugin (site assets and Vitest). */
export const linguiMacroVitePlugin = () => ({
  name: 'lingui-macro',
  enforce: 'pre',
  async transform(code, id) {
    if (!/\.tsx?$/.test(id.split('?')[0])) return undefined;
    const transformed = await transformMacros(code, id.split('?')[0]);
    return transformed === undefined ? undefined : { code: transformed, map: null };
  },
});
