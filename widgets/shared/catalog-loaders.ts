/**
 * Each language beyond English, a chunk of its own (common/locales/widgets.<lang>.ts). The classic
 * (IIFE) build swaps this module for one that imports the same chunks by URL (scripts/build.mjs).
 */
import type { Catalog, DisplayLocale } from '../../common/i18n.js';

export const loaders: Record<Exclude<DisplayLocale, 'en'>, () => Promise<{ messages: Catalog }>> = {
  pcm: () => import('../../common/locales/widgets.pcm.js'),
  ha: () => import('../../common/locales/widgets.ha.js'),
  yo: () => import('../../common/locales/widgets.yo.js'),
  ig: () => import('../../common/locales/widgets.ig.js'),
  pseudo: () => import('../../common/locales/widgets.pseudo.js'),
};
