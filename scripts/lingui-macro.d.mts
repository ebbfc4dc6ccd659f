/** Types for scripts/lingui-macro.mjs, so vite.config.ts can import it. */
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';

export declare function transformMacros(
  code: string,
  filename: string,
  widgets?: Record<string, { key: string; m: unknown }>,
): Promise<string | undefined>;
export declare function transformMacrosSync(code: string, filename: string): string | undefined;
export declare const linguiMacroPlugin: EsbuildPlugin;
export declare function linguiMacroVitePlugin(): VitePlugin;
