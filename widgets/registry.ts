/**
 * What pages load, from widgets/tags.ts: each tag's define chunk and the shared runtimes evaluated
 * before it, each in its own task (no single long task on a cheap phone), and the room it reserves
 * until it is defined. The loader and the IIFE bundle read it; the build merges the chunks by it.
 */
import { type PageFacts, pageFacts } from './page-facts.js';
import { hasOwn } from './shared/compat.js';
import { hostSizeCss } from './shared/tag.js';
import type * as tags from './tags.js';

type Tags = typeof tags;
export type WidgetTag = Tags[keyof Tags]['tag'];

export const registry = Object.fromEntries(pageFacts.map((facts) => [facts.tag, facts])) as Record<
  WidgetTag,
  PageFacts
>;

export const hostSizes = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ pageFacts.map(({ tag, hostSize }) => [tag, hostSize]),
) as Record<WidgetTag, PageFacts['hostSize']>;

// An own key, not `in` (which finds `constructor`).
export const isWidgetTag = (name: string): name is WidgetTag => hasOwn(registry, name);

/**
 * The loader's sheet for undefined tags. Zero specificity (`:not(:defined)` inside `:where`, where it
 * counts for nothing; outside it would count as a class), so the page's own sizes win.
 */
export const reservedSizesCss = () =>
  pageFacts
    .map(({ tag, hostSize }) => `:where(${tag}:not(:defined):not([hidden])) { ${hostSizeCss(hostSize)} }`)
    .join('\n');

/**
 * The same sheet as one `<style>` line for a partner's <head>: the sizes hold from the first paint,
 * before our script has come (docs/embedding.md shows it; testing/e2e/hosts/plain/index.html uses it;
 * `npm run generate` writes it into both).
 */
export const reservedSizesStyleLine = () =>
  `<style>${reservedSizesCss()
    .replace(/ ?([{}:;]) /g, '$1')
    .replace(/;}/g, '}')
    .replace(/\n/g, '')}</style>`;
