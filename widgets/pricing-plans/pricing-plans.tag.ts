/**
 * <pricing-plans>, all a partner or the loader needs to know of it: its facts (what the page
 * loads) and `metadata` (what the docs, manifest, types and the WordPress block are generated from).
 */

import { react } from '../shared/runtimes.js';
import type { HostSize, TagMetadata } from '../shared/tag.js';
import { lang, themeProperties } from '../shared/tag-docs.js';

export const tag = 'pricing-plans';
/** The component's options: each a string attribute and a reflected property (api-url, apiUrl). */
export const options = ['period', 'label'] as const;
export const hostSize: HostSize = { display: 'block', minHeight: '52em' };
export const runtimes = [react];
export const define = () => import('./pricing-plans.define.js');

/** What partners read: build time and the site only (a bundle that imports the facts above drops it). */
export const metadata: TagMetadata<typeof options> = {
  className: 'PricingPlansElement',
  description:
    'The four plan cards with the monthly/annual toggle in a draggable carousel; Get Started opens the modal.',
  example: '<pricing-plans period="annual"></pricing-plans>',
  attributes: {
    period: {
      type: "'annual' | 'monthly'",
      description: 'billing period shown; a new value switches the cards',
      default: 'annual',
    },
    label: {
      type: 'string',
      description: 'accessible name of the carousel; unique per page',
      default: 'Plans',
    },
    lang,
  },
  methods: [],
  events: [
    {
      name: 'pricing-plan-select',
      detail: "{ plan: 'free' | 'starter' | 'plus' | 'pro'; period: 'annual' | 'monthly' }",
      description:
        'Get Started was pressed (the start-selling modal opens too); cancelable: preventDefault() keeps the modal closed',
    },
    { name: 'pricing-period-change', detail: "{ period: 'annual' | 'monthly' }", description: 'the toggle changed' },
  ],
  parts: [
    { name: 'pricing', description: 'the whole carousel section' },
    { name: 'toggle', description: 'the billing period toggle' },
    { name: 'saving', description: 'the "Save 33%" label' },
    { name: 'strip', description: 'the scrolling strip of cards' },
    { name: 'plan', description: 'each card' },
    { name: 'plan-recommended', description: 'the recommended card' },
    { name: 'badge', description: 'the Recommended badge' },
    { name: 'price', description: 'price and period label' },
    { name: 'button', description: 'each Get Started button' },
    { name: 'benefits', description: 'the benefit list' },
    { name: 'nav', description: 'previous/next buttons' },
    { name: 'dots', description: 'the dots (small screens)' },
    { name: 'dot', description: 'each dot; aria-current="true" on the card in view' },
  ],
  cssProperties: themeProperties,
  // One string literal: a template would keep `metadata` (and tag-docs.ts) in the bundles.
  hostNote:
    "full width of its container; in the page's type size (832 px in 16 px type), which the cards' text is set in: enough for a column of 14.5em or wider",
};
