/**
 * Node's arguments for running our TypeScript from source, as the build compiles it: tsx, then Lingui's
 * macros (scripts/lingui-hooks.mjs). `spawn(process.execPath, [...SOURCE_NODE_ARGS, 'server/main.ts'])`.
 */
export const SOURCE_NODE_ARGS = ['--import', 'tsx', '--import', new URL('./lingui-register.mjs', import.meta.url).href];
