/**
 * The shape of a tag's one module (widgets/<tag>/<tag>.tag.ts): its facts, what pages load (name,
 * options, host size, runtimes, define chunk), and `metadata`, what partners read (docs, manifest,
 * types), kept out of the bundles by tree-shaking. Plain values: site code may import any of them.
 * docs/adding-a-tag.md walks through a new one.
 */

/**
 * The room a tag takes once rendered (the loader reserves it; metadata documents it): a height in px,
 * or in em for a widget whose height follows the page's type (its font size is the page's, inherited).
 */
export type HostSize = { display: 'block'; minHeight: `${number}px` | `${number}em` } | { display: 'contents' };
/** Imports a shared runtime evaluated before a tag's define chunk (widgets/shared/runtimes.ts). */
export type Runtime = () => Promise<unknown>;

/** A tag's module: its facts, each its own export so a bundle takes only those it reads, then its metadata. */
export type TagModule = {
  tag: string;
  /** The component's options: each a string attribute (kebab-case) and a reflected property (camelCase). */
  options: readonly string[];
  /** Attributes the element class handles itself, not passed to the component (the modal's open). */
  ownAttributes?: readonly string[];
  hostSize: HostSize;
  runtimes: readonly Runtime[];
  /** Imports <tag>.define.ts, which defines the element. */
  define: () => Promise<unknown>;
  metadata: TagMetadata;
};

export type Item = { name: string; description: string };
/** An attribute as documented; `global`: an HTML global attribute the widget reads (lang). */
export type AttributeDoc = { type: string; default: string; description: string; global?: boolean };

/** `Options` and `Own`: the tag's `options` and `ownAttributes`, each of which must be documented. */
export type TagMetadata<Options extends readonly string[] = string[], Own extends readonly string[] = []> = {
  className: string;
  description: string;
  /** The snippet that places the tag (the docs show it). */
  example: string;
  /** Every attribute by name, in the order the docs list them: each option and own attribute, and lang. */
  attributes: Record<Options[number] | Own[number], AttributeDoc> & { lang?: AttributeDoc };
  methods: (Item & { signature: string })[];
  events: (Item & { detail: string })[];
  parts: Item[];
  /** The custom properties the tag's styles read. */
  cssProperties: Item[];
  /** What the host size means for the page, when more than the size itself. */
  hostNote: string;
};

/** The property for an attribute: api-url → apiUrl. */
export const propertyName = (attribute: string) =>
  attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The declarations of one host size: `display: block; min-height: 132px;`. */
export const hostSizeCss = (size: HostSize) =>
  size.display === 'block' ? `display: block; min-height: ${size.minHeight};` : 'display: contents;';
