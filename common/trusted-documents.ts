/**
 * The build's own GraphQL operations as text, each with the SHA-256 of that text: the widgets send a
 * lookup by its hash alone (a GET a shared cache can keep), and the server answers only the hashes it
 * finds here (docs/scaling.md "A cache in front"). trusted-documents.test.ts checks each hash. Each asks
 * `__typename`, as Apollo Client adds it to whatever it sends, so its cache finds what it asked for.
 */
import { LEADERBOARD_FIELDS } from './leaderboard.js';

export const START_SELLING_SOURCE =
  'mutation StartSelling($data: StartSellingInput!) { startSelling(data: $data) { success __typename } }';
export const GET_STORE_LEADERBOARD_SOURCE = `query GetStoreLeaderboard($query: StoreLeaderboardInput!) { getStoreLeaderboard(query: $query) { ${Object.keys(LEADERBOARD_FIELDS).join(' ')} __typename } }`;

/** Written out rather than computed, so no SHA-256 code goes into the widgets. */
export const TRUSTED_DOCUMENT_HASHES = {
  startSelling: '8df48950b0d6dab547dd36fab454acfeaec2bfb616d126a2657c0c7afc273906',
  getStoreLeaderboard: '20201046dc2db0f0369563cb443c7b2b9a8caa0a99ceed68237ea4cfa24fa6a0',
} as const;

export const TRUSTED_DOCUMENT_SOURCES = {
  startSelling: START_SELLING_SOURCE,
  getStoreLeaderboard: GET_STORE_LEADERBOARD_SOURCE,
} as const;
