/**
 * The two operations as ready-made GraphQL documents. Writing them as AST (instead of gql`…` at run
 * time) keeps the graphql parser out of the widget bundle; documents.test.ts checks each one equals
 * what `parse()` makes of its source text, so they cannot drift.
 */
import type { DocumentNode } from 'graphql';
import { LEADERBOARD_FIELDS, type StoreLeaderboard } from '../../common/leaderboard.js';
import { GET_STORE_LEADERBOARD_SOURCE, START_SELLING_SOURCE } from '../../common/trusted-documents.js';

export { GET_STORE_LEADERBOARD_SOURCE, START_SELLING_SOURCE };

const name = (value: string) => ({ kind: 'Name', value });
const field = (fieldName: string, args: string[] = [], selections?: unknown[]) => ({
  kind: 'Field',
  name: name(fieldName),
  arguments: args.map((arg) => ({ kind: 'Argument', name: name(arg), value: { kind: 'Variable', name: name(arg) } })),
  directives: [],
  ...(selections ? { selectionSet: { kind: 'SelectionSet', selections } } : {}),
});

/** `operation Name($variable: Type!) { root(variable: $variable) { ...fields } }` */
function operation(
  kind: 'query' | 'mutation',
  opName: string,
  variable: string,
  type: string,
  root: string,
  fields: string[],
) {
  return {
    kind: 'Document',
    definitions: [
      {
        kind: 'OperationDefinition',
        operation: kind,
        name: name(opName),
        variableDefinitions: [
          {
            kind: 'VariableDefinition',
            variable: { kind: 'Variable', name: name(variable) },
            type: { kind: 'NonNullType', type: { kind: 'NamedType', name: name(type) } },
            directives: [],
          },
        ],
        directives: [],
        selectionSet: {
          kind: 'SelectionSet',
          selections: [
            field(
              root,
              [variable],
              fields.map((f) => field(f)),
            ),
          ],
        },
      },
    ],
  } as unknown as DocumentNode;
}

export const START_SELLING = operation('mutation', 'StartSelling', 'data', 'StartSellingInput', 'startSelling', [
  'success',
  '__typename',
]);

const LEADERBOARD_FIELD_NAMES = [...Object.keys(LEADERBOARD_FIELDS), '__typename'];
export const GET_STORE_LEADERBOARD = operation(
  'query',
  'GetStoreLeaderboard',
  'query',
  'StoreLeaderboardInput',
  'getStoreLeaderboard',
  LEADERBOARD_FIELD_NAMES,
);

/**
 * The operations by name: a widget names the one it sends (shared/api.ts) and the API client's chunk,
 * which holds this module, builds it, so no document is in a page's JavaScript before a first intent.
 */
export const DOCUMENTS = { startSelling: START_SELLING, getStoreLeaderboard: GET_STORE_LEADERBOARD };
export type Operation = keyof typeof DOCUMENTS;

export type { StoreLeaderboard };
