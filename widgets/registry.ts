/**
 * Every tag's code, once: the chunk that defines it and the shared runtimes evaluated before it, each
 * in its own task, so no single long task holds a cheap phone's main thread while widgets start. The
 * loader and the IIFE bundle read it; a tag of host-sizes.ts missing here is a type error (docs/widgets-api.md).
 */
import type { WidgetTag } from './host-sizes.js';
import { hasOwn } from './shared/compat.js';

type Importer = () => Promise<unknown>;

const react: Importer = () => import('./shared/runtime-react.js');
const forms: Importer = () => import('./shared/runtime-forms.js');

export const registry: Record<WidgetTag, { define: Importer; runtimes: Importer[] }> = {
  'start-selling-form': {
    define: () => import('./start-selling-form/start-selling-form.define.js'),
    runtimes: [react, forms],
  },
  'start-selling-modal': {
    define: () => import('./start-selling-modal/start-selling-modal.define.js'),
    runtimes: [react, forms],
  },
  'store-rank-checker': {
    define: () => import('./store-rank-checker/store-rank-checker.define.js'),
    runtimes: [react, forms],
  },
  'pricing-plans': { define: () => import('./pricing-plans/pricing-plans.define.js'), runtimes: [react] },
};

// An own key, not `in` (which finds `constructor`).
export const isWidgetTag = (name: string): name is WidgetTag => hasOwn(registry, name);
