import { addTypenameToDocument } from '@apollo/client/utilities';
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  GET_STORE_LEADERBOARD,
  GET_STORE_LEADERBOARD_SOURCE,
  START_SELLING,
  START_SELLING_SOURCE,
} from './documents.js';

describe('prebuilt GraphQL documents', () => {
  it.each([
    ['StartSelling', START_SELLING, START_SELLING_SOURCE],
    ['GetStoreLeaderboard', GET_STORE_LEADERBOARD, GET_STORE_LEADERBOARD_SOURCE],
  ])('given %s should equal what the graphql parser makes of its source', (_name, document, source) => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(
      JSON.parse(JSON.stringify(parse(source, { noLocation: true }))),
    );
  });

  it.each([
    ['StartSelling', START_SELLING, START_SELLING_SOURCE],
    ['GetStoreLeaderboard', GET_STORE_LEADERBOARD, GET_STORE_LEADERBOARD_SOURCE],
  ])(
    'given %s should be sent by Apollo Client as it is, so its trusted hash names what is sent',
    (_name, document, source) => {
      expect(print(addTypenameToDocument(document))).toBe(print(parse(source)));
    },
  );
});
