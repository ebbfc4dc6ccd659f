/**
 * <start-selling-modal>, all a partner or the loader needs to know of it: its facts (what the page
 * loads) and `metadata` (what the docs, manifest, types and the WordPress block are generated from).
 */

import { forms, react } from '../shared/runtimes.js';
import type { HostSize, TagMetadata } from '../shared/tag.js';
import {
  apiUrl,
  campaign,
  dialogParts,
  formParts,
  lang,
  list,
  partner,
  signupEvents,
  themeProperties,
} from '../shared/tag-docs.js';

export const tag = 'start-selling-modal';
/** The component's options: each a string attribute and a reflected property (api-url, apiUrl). */
export const options = ['api-url', 'partner', 'campaign'] as const;
/** Attributes the element class handles itself, not passed to the component. */
export const ownAttributes = ['open'] as const;
export const hostSize: HostSize = { display: 'contents' };
export const runtimes = [react, forms];
export const define = () => import('./start-selling-modal.define.js');

/** What partners read: build time and the site only (a bundle that imports the facts above drops it). */
export const metadata: TagMetadata<typeof options, typeof ownAttributes> = {
  className: 'StartSellingModalElement',
  description:
    'The "Start Selling with Ease!" dialog with the signup form. Opens from any [data-start-selling] element and show(); closes on success. An opener\'s data-partner="code" and data-campaign="name" (the [data-start-selling] element, or show()\'s opener) are the partner code and campaign of a signup made in it, ahead of the modal\'s own (docs/embedding.md).',
  example: `<button type="button" data-start-selling>Start Selling</button>
<!-- optional: one is created on demand; add it to set partner or api-url -->
<start-selling-modal partner="your-partner-code"></start-selling-modal>`,
  attributes: {
    'api-url': apiUrl,
    partner,
    campaign,
    open: {
      type: 'boolean',
      default: 'false',
      description:
        'reflects whether the dialog is open (a boolean attribute); setting the property or the attribute opens or closes it',
    },
    lang,
  },
  methods: [
    {
      name: 'show',
      signature: '(opener?: HTMLElement | null) => Promise<void>',
      description:
        'opens the dialog, settling once it is open; focus returns to opener (default: the focused element) on close',
    },
    { name: 'hide', signature: '() => Promise<void>', description: 'closes the dialog, settling once it is closed' },
    { name: 'close', signature: '() => void', description: 'hide(), for pages written before it' },
  ],
  events: /* @__PURE__ */ list(
    [
      {
        name: 'start-selling-open',
        detail: '{}',
        description:
          'the dialog is about to open (show(), open, or a [data-start-selling] element); cancelable: preventDefault() keeps it closed',
      },
      {
        name: 'start-selling-show',
        detail: '{}',
        description: 'the dialog has opened (show(), open, or a [data-start-selling] element)',
      },
      {
        name: 'start-selling-hide',
        detail: '{}',
        description: 'the dialog has closed (hide(), Esc, the close button, or a signup)',
      },
    ],
    signupEvents,
  ),
  parts: /* @__PURE__ */ list(formParts, dialogParts, [
    { name: 'title', description: 'the heading' },
    { name: 'text', description: 'the text under it' },
  ]),
  cssProperties: themeProperties,
  hostNote: 'takes no room; the dialog sits in the top layer',
};
