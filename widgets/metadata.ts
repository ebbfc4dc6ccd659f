/**
 * What partners read of every tag, from widgets/tags.ts: each tag's metadata with its name, attributes
 * (as a list) and host size. The generators under scripts/ (widget-declarations.ts, widget-api-docs.ts),
 * the /widgets page and the WordPress block data read it; build time and site only, never a bundle.
 */

import type { WidgetTag } from './registry.js';
import type { AttributeDoc, HostSize, Item, TagMetadata, TagModule } from './shared/tag.js';
import * as tags from './tags.js';

export type Attribute = AttributeDoc & { name: string };
export type WidgetMetadata = Omit<TagMetadata, 'attributes'> & {
  tag: WidgetTag;
  attributes: Attribute[];
  hostSize: HostSize;
};

const modules: TagModule[] = Object.values(tags);

export const widgetMetadata: WidgetMetadata[] = modules.map(({ tag, metadata, hostSize }) => ({
  ...metadata,
  tag: tag as WidgetTag,
  attributes: Object.entries(metadata.attributes as Record<string, AttributeDoc>).map(([name, doc]) => ({
    name,
    ...doc,
  })),
  hostSize,
}));

/** Every tag's custom properties, each once, in the order the tags list them. */
export const cssProperties: Item[] = [
  ...new Map(widgetMetadata.flatMap((w) => w.cssProperties).map((p) => [p.name, p])).values(),
];

/** A method's call shape: '(opener?: X) => void' → 'show(opener?: X)'. */
export const methodCall = (m: { name: string; signature: string }) => `${m.name}${m.signature.replace(/ => .*$/, '')}`;

export { propertyName } from './shared/tag.js';
