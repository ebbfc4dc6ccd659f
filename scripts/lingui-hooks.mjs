/**
 * Node module hooks that compile Lingui's macros (scripts/lingui-macro.mjs) in TypeScript loaded from
 * source by tsx (`npm run dev`, the CLI tests), registered with module.registerHooks (in the loading thread,
 * synchronous: Node 26 deprecates module.register) after tsx's own, so they see tsx's JavaScript.
 * Usage: tsx --import ./scripts/lingui-register.mjs …
 */
import { fileURLToPath } from 'node:url';
import { transformMacrosSync } from './lingui-macro.mjs';

export function load(url, context, nextLoad) {
  const result = nextLoad(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || !/\.tsx?$/.test(new URL(url).pathname))
    return result;
  const code = transformMacrosSync(String(result.source), fileURLToPath(url));
  return code === undefined ? result : { ...result, source: code };
}
