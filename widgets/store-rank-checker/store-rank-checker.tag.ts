/**
 * <store-rank-checker>, all a partner or the loader needs to know of it: its facts (what the page
 * loads) and `metadata` (what the docs, manifest, types and the WordPress block are generated from).
 */
import { leaderboardTypeText } from '../../common/leaderboard.js';
import { forms, react } from '../shared/runtimes.js';
import type { HostSize, TagMetadata } from '../shared/tag.js';
import { apiUrl, dialogParts, formParts, fullWidth, lang, list, themeProperties } from '../shared/tag-docs.js';

export const tag = 'store-rank-checker';
/** The component's options: each a string attribute and a reflected property (api-url, apiUrl). */
export const options = ['api-url'] as const;
export const hostSize: HostSize = { display: 'block', minHeight: '132px' };
export const runtimes = [react, forms];
export const define = () => import('./store-rank-checker.define.js');

/** What partners read: build time and the site only (a bundle that imports the facts above drops it). */
export const metadata: TagMetadata<typeof options> = {
  className: 'StoreRankCheckerElement',
  description: 'Store domain in, the New Year sales leaderboard dialog out.',
  example: '<store-rank-checker></store-rank-checker>',
  attributes: { 'api-url': apiUrl, lang },
  methods: [],
  events: [
    {
      name: 'store-rank-result',
      detail: /* @__PURE__ */ leaderboardTypeText(),
      description: 'a lookup answered; the dialog opens',
    },
    {
      name: 'store-rank-error',
      detail: '{ code: string; message: string }',
      description: 'a lookup failed (e.g. STORE_NOT_FOUND, NETWORK)',
    },
  ],
  parts: /* @__PURE__ */ list(formParts, dialogParts, [
    { name: 'store', description: 'logo or avatar with name and rank' },
    { name: 'logo', description: 'the store logo' },
    { name: 'avatar', description: 'the initials avatar' },
    { name: 'store-name', description: 'the store name' },
    { name: 'rank', description: 'the rank line' },
    { name: 'card', description: 'each revenue card' },
    { name: 'help-button', description: 'the "?" button beside each card' },
    { name: 'help-popover', description: "the popover explaining a card's number" },
    { name: 'progress', description: 'the progress bar track' },
    { name: 'progress-fill', description: 'the filled part' },
    { name: 'goal', description: '"Sell over … more to win"' },
  ]),
  cssProperties: themeProperties,
  hostNote: fullWidth,
};
