/**
 * The public GraphQL schema (widgets/shared/documents.ts holds what each widget asks of it). Resolvers only call
 * the capabilities; user-facing errors become GraphQL errors with `extensions.code`, anything else
 * becomes INTERNAL without details. Resolvers sit
 * on the schema's fields (not in a root value) so graphql-js and compiled queries run the same ones.
 */
import { buildSchema, GraphQLError, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { leaderboardSchemaFields } from '../../common/leaderboard.js';
import { INTERNAL_ERROR_MESSAGE } from '../../common/messages.js';
import { UserFacingError } from '../errors.js';
import type { Services } from '../services.js';
import { partnerCode, type StartSellingInput } from '../signups/signups.js';

export const typeDefs = /* GraphQL */ `
  type Query {
    getStoreLeaderboard(query: StoreLeaderboardInput!): StoreLeaderboard!
  }

  type Mutation {
    startSelling(data: StartSellingInput!): StartSellingResult!
  }

  """
  source: the page or partner host the form sits on; partner: a partner or affiliate code
  (ref: its older name, still read when partner is absent); campaign: the partner's campaign (a
  newsletter issue, say), under the same rules as partner.
  website: the honeypot field, hidden from people; anything in it marks the request as a bot's.
  locale: the language the reader sees (en, pcm, ha, yo, ig): the welcome mail's; English without it.
  """
  input StartSellingInput {
    email: String!
    source: String
    partner: String
    campaign: String
    ref: String
    website: String
    locale: String
  }

  type StartSellingResult {
    success: Boolean!
  }

  input StoreLeaderboardInput {
    domain: String!
  }

  "A store's standing in the New Year sales contest. Amounts are naira with at most two decimals."
  type StoreLeaderboard {
${leaderboardSchemaFields('    ')}
  }
`;

/** What graphql-http hands each resolver as context. */
export type GraphQLContext = { readonly ipHash: string | null };

export function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof UserFacingError) {
    return new GraphQLError(error.message, { extensions: { code: error.code, ...error.extensions } });
  }
  console.error(JSON.stringify({ level: 'error', msg: 'resolver failed', error: String(error) }));
  return new GraphQLError(INTERNAL_ERROR_MESSAGE, {
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

/** The schema with its resolvers bound to one set of services. */
export function createSchema(services: Pick<Services, 'getStoreLeaderboard' | 'startSelling'>): GraphQLSchema {
  const schema = buildSchema(typeDefs);
  fieldOf(schema.getQueryType(), 'getStoreLeaderboard').resolve = (_root, args: { query: { domain: string } }) =>
    guardedSync(() => services.getStoreLeaderboard(args.query.domain));
  fieldOf(schema.getMutationType(), 'startSelling').resolve = (
    _root,
    args: { data: StartSellingInput & { ref?: string | null } },
    context: GraphQLContext,
  ) => {
    const { ref, ...data } = args.data;
    return guarded(() =>
      services.startSelling({ ...data, partner: partnerCode(args.data) }, { ipHash: context.ipHash }),
    );
  };
  return schema;
}

function fieldOf(type: GraphQLObjectType | null | undefined, name: string) {
  const field = type?.getFields()[name];
  if (!field) throw new Error(`the schema has no field ${name}`);
  return field;
}
