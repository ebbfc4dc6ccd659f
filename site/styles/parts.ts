/**
 * The site's stylesheet, one file per part (site/styles/<part>.css), in cascade order. Each is built on
 * its own; a page inlines its parts in one <style> (site/layout.ts): every page gets the shared parts, and
 * only the pages whose route names a page part get it (Route.styles; docs/site.md, "The site's CSS is in each page").
 */
export const STYLE_PARTS = [
  'base',
  'header',
  'home',
  'campaign',
  'pricing',
  'text-pages',
  'footer',
  'widgets-page',
  'partners',
  'consent',
] as const;
export type StylePart = (typeof STYLE_PARTS)[number];

/** The parts only some pages use: the home page's sections (shared by the campaign and pricing pages), the campaign's, the pricing page's. */
export const PAGE_STYLE_PARTS = ['home', 'campaign', 'pricing'] as const satisfies readonly StylePart[];
export type PageStylePart = (typeof PAGE_STYLE_PARTS)[number];
