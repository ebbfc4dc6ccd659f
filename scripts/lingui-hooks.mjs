/**
 * Node module hooks that compile Lingui's macros (scripts/lingui-macro.mjs) in TypeScript loaded from
 * source by tsx (`npm run dev`): registered after tsx's own hooks, so they see tsx's JavaScript.
 * Usage: tsx --import ./scripts/lingui-register.mjs …
 */
import { fileURLToPath } from 'node:url';
import { transformMacros } from './lingui-macro.mjs';

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || !/\.tsx?$/.test(new URL(url).pathname))
    return result;
  const code = await transformMacros(String(result.source), fileURLToPath(url));
  return code === undefined ? result : { ...result, source: code };
}
