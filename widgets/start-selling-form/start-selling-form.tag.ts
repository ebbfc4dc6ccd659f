/**
 * <start-selling-form>, all a partner or the loader needs to know of it: its facts (what the page
 * loads) and `metadata` (what the docs, manifest, types and the WordPress block are generated from).
 */

import { forms, react } from '../shared/runtimes.js';
import type { HostSize, TagMetadata } from '../shared/tag.js';
import {
  apiUrl,
  campaign,
  formParts,
  fullWidth,
  lang,
  partner,
  signupEvents,
  themeProperties,
} from '../shared/tag-docs.js';

export const tag = 'start-selling-form';
/** The component's options: each a string attribute and a reflected property (api-url, apiUrl). */
export const options = ['api-url', 'partner', 'campaign'] as const;
export const hostSize: HostSize = { display: 'block', minHeight: '132px' };
export const runtimes = [react, forms];
export const define = () => import('./start-selling-form.define.js');

/** What partners read: build time and the site only (a bundle that imports the facts above drops it). */
export const metadata: TagMetadata<typeof options> = {
  className: 'StartSellingFormElement',
  description: 'E-mail signup: sends startSelling, shows the Success toast, resets on success.',
  example: '<start-selling-form partner="your-partner-code"></start-selling-form>',
  attributes: { 'api-url': apiUrl, partner, campaign, lang },
  methods: [],
  events: signupEvents,
  parts: formParts,
  cssProperties: themeProperties,
  hostNote: fullWidth,
};
