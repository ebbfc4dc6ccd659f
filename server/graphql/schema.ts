/**
 * The public GraphQL schema (DESIGN.md §3). Resolvers only call the core; user-facing errors become
 * GraphQL errors with `extensions.code`, anything else becomes INTERNAL without details.
 */
import { buildSchema, GraphQLError } from 'graphql';
import { UserFacingError } from '../core/errors.js';
import type { StartSellingInput } from '../core/signups.js';
import type { Services } from '../services.js';

export const typeDefs = /* GraphQL */ `
  type Query {
    getStoreLeaderboard(query: StoreLeaderboardInput!): StoreLeaderboard!
  }

  type Mutation {
    startSelling(data: StartSellingInput!): StartSellingResult!
  }

  """
  source: the page or partner host the form sits on; ref: a partner or affiliate code.
  website: the honeypot field, hidden from people; anything in it marks the request as a bot's.
  """
  input StartSellingInput {
    email: String!
    source: String
    ref: String
    website: String
  }

  type StartSellingResult {
    success: Boolean!
  }

  input StoreLeaderboardInput {
    domain: String!
  }

  "A store's standing in the New Year sales contest. Amounts are naira with at most two decimals."
  type StoreLeaderboard {
    storeId: ID!
    name: String
    logo: String
    rank: Int
    totalRevenue: Float!
    winningRevenue: Float!
    revenueToWin: Float!
  }
`;

export const schema = buildSchema(typeDefs);

/** What graphql-http hands each resolver as context. */
export type GraphQLContext = { ipHash: string | null };

export function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof UserFacingError) {
    return new GraphQLError(error.message, { extensions: { code: error.code, ...error.extensions } });
  }
  console.error(JSON.stringify({ level: 'error', msg: 'resolver failed', error: String(error) }));
  return new GraphQLError('Something went wrong on our side. Please try again.', {
    extensions: { code: 'INTERNAL' },
  });
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toGraphQLError(error);
  }
}

/** For synchronous work (the rank lookup): no promise, so graphql executes the field without waiting. */
function guardedSync<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw toGraphQLError(error);
  }
}

export function createRootValue(services: Services) {
  return {
    getStoreLeaderboard: ({ query }: { query: { domain: string } }) =>
      guardedSync(() => services.getStoreLeaderboard(query.domain)),
    startSelling: ({ data }: { data: StartSellingInput }, context: GraphQLContext) =>
      guarded(() => services.startSelling(data, { ipHash: context.ipHash })),
  };
}
