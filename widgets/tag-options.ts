/**
 * Each tag of widgets/tags.ts with its options (the string attributes its component reads), for the
 * site's embed builder. In the site's build this module is written from tags.ts with these two facts
 * alone (vite.config.ts, scripts/tag-facts.mjs), so no tag's metadata reaches the builder's script.
 */
import type { TagModule } from './shared/tag.js';
import * as tags from './tags.js';

export type TagOptions = Pick<TagModule, 'tag' | 'options'>;

export const tagOptions: TagOptions[] = Object.values(tags);
