/**
 * The room each tag takes once rendered, written once: the loader gives tags that are not defined yet
 * this size (so a page with only the script tag does not shift), metadata.ts documents it, and
 * widgets/api-drift.test.ts checks the site's stylesheet against it. Kept apart from metadata.ts so
 * the loader can import it without the descriptions.
 */
export type HostSize = { display: 'block'; minHeight: number } | { display: 'contents' };

export const hostSizes = {
  'start-selling-form': { display: 'block', minHeight: 132 },
  'start-selling-modal': { display: 'contents' },
  'store-rank-checker': { display: 'block', minHeight: 132 },
  'pricing-plans': { display: 'block', minHeight: 760 },
} as const satisfies Record<string, HostSize>;

export type WidgetTag = keyof typeof hostSizes;

/** The declarations of one host size: `display: block; min-height: 132px;`. */
export const hostSizeCss = (size: HostSize) =>
  size.display === 'block' ? `display: block; min-height: ${size.minHeight}px;` : 'display: contents;';

/**
 * The loader's sheet for undefined tags. Zero specificity (`:not(:defined)` inside `:where`, where it
 * counts for nothing; outside it would count as a class), so the page's own sizes win.
 */
export const reservedSizesCss = () =>
  Object.entries(hostSizes)
    .map(([tag, size]) => `:where(${tag}:not(:defined):not([hidden])) { ${hostSizeCss(size)} }`)
    .join('\n');

/**
 * The same sheet as one `<style>` line for a partner's <head>: the sizes hold from the first paint,
 * before our script has come (docs/embedding.md shows it; testing/e2e/hosts/plain/index.html uses it).
 */
export const reservedSizesStyleLine = () =>
  `<style>${reservedSizesCss()
    .replace(/ ?([{}:;]) /g, '$1')
    .replace(/;}/g, '}')
    .replace(/\n/g, '')}</style>`;
