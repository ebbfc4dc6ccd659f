/**
 * What a page needs of each tag of widgets/tags.ts to load it, in the list's order. In the bundles the
 * build writes this list from tags.ts with these facts alone (scripts/build-widgets.mjs, `pageFacts`),
 * so no tag's metadata reaches a page; unbuilt (the source under test), it is read from the modules.
 */
import type { TagModule } from './shared/tag.js';
import * as tags from './tags.js';

export type PageFacts = Pick<TagModule, 'tag' | 'hostSize' | 'runtimes' | 'define'>;

export const pageFacts: PageFacts[] = Object.values(tags);
