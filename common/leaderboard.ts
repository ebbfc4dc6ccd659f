/**
 * A store's standing as getStoreLeaderboard answers it (docs/contest.md, "Rules as implemented"):
 * naira, no other store named. Each field once, with its GraphQL type; the schema's type, the
 * TypeScript type, the widget's query and the event's documented type all come from here.
 */
export const LEADERBOARD_FIELDS = {
  storeId: 'ID!',
  name: 'String',
  logo: 'String',
  rank: 'Int',
  totalRevenue: 'Float!',
  winningRevenue: 'Float!',
  revenueToWin: 'Float!',
} as const;

type GraphQLType = (typeof LEADERBOARD_FIELDS)[keyof typeof LEADERBOARD_FIELDS];
type TypeScriptOf<T extends GraphQLType> = T extends 'ID!'
  ? string
  : T extends 'String'
    ? string | null
    : T extends 'Int'
      ? number | null
      : number;

export type StoreLeaderboard = {
  -readonly [Field in keyof typeof LEADERBOARD_FIELDS]: TypeScriptOf<(typeof LEADERBOARD_FIELDS)[Field]>;
};

const TYPESCRIPT_TEXT: Record<GraphQLType, string> = {
  'ID!': 'string',
  String: 'string | null',
  Int: 'number | null',
  'Float!': 'number',
};

const entries = () => Object.entries(LEADERBOARD_FIELDS) as [keyof StoreLeaderboard, GraphQLType][];

/** The fields of the schema's `type StoreLeaderboard { … }`, one per line. */
export const leaderboardSchemaFields = (indent: string): string =>
  entries()
    .map(([field, type]) => `${indent}${field}: ${type}`)
    .join('\n');

/** `StoreLeaderboard` written out as TypeScript, for the generated declarations and docs. */
export const leaderboardTypeText = (): string =>
  `{ ${entries()
    .map(([field, type]) => `${field}: ${TYPESCRIPT_TEXT[type]}`)
    .join('; ')} }`;
