/**
 * Each tag's files, relative to the loader, in the order it evaluates them: the build writes the real
 * lists here (scripts/build.mjs, from scripts/merge-chunks.mjs), so the loader can ask for them all at
 * once instead of one level of imports per round trip. Unbuilt (the source under test), none.
 */
import type { WidgetTag } from './registry.js';

export const tagFiles: Partial<Record<WidgetTag, readonly string[]>> = {};
