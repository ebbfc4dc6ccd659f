/**
 * Lingui's macros (`msg`, `defineMessage` from '@lingui/core/macro') compiled away at build time by
 * Lingui's Babel plugin, for esbuild (tsup: widgets, server) and Vite (site assets, Vitest). Only files
 * that import the macro go through Babel. A descriptor keeps only its id (the English is in
 * locales/en.po): `msg({ id: 'form.submit', message: 'Start selling' })` → `{ id: 'form.submit' }`.
 */
import fs from 'node:fs';

const MACRO_IMPORT = /from\s*['"]@lingui\/(core|react)\/macro['"]/;

export async function transformMacros(code, filename) {
  if (!MACRO_IMPORT.test(code)) return undefined;
  const { transformAsync } = await import('@babel/core');
  const { default: linguiMacro } = await import('@lingui/babel-plugin-lingui-macro');
  const result = await transformAsync(code, {
    filename,
    babelrc: false,
    configFile: false,
    sourceMaps: false,
    retainLines: true,
    // Parse TypeScript and JSX, print them back: esbuild or Vite compiles them as before.
    parserOpts: { plugins: ['typescript', 'jsx'] },
    plugins: [[linguiMacro, { stripMessageField: true }]],
  });
  return result?.code ?? undefined;
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
