/**
 * The scripts only some pages load, besides the site's own (site/client/main.ts) that every page has:
 * each is an entry of its own in the build (vite.config.ts), so no other page carries its bytes. A route
 * names the ones it needs (Route.scripts).
 */
export const PAGE_SCRIPTS = { 'embed-builder': 'site/client/embed-builder.ts' } as const;
export type PageScript = keyof typeof PAGE_SCRIPTS;
