/**
 * Parsing and validating a query costs more than answering a rank lookup, and clients send the same few
 * query texts again and again. These drop-in `parse` / `validate` for graphql-http remember the last
 * MAX_DOCUMENTS query texts (up to MAX_QUERY_LENGTH characters) and the validation result of each
 * parsed document. Documents are never mutated by execution, so sharing them is safe.
 */
import { type DocumentNode, type GraphQLError, type GraphQLSchema, parse, type Source, validate } from 'graphql';

const MAX_DOCUMENTS = 500;
const MAX_QUERY_LENGTH = 10_000;
const documents = new Map<string, DocumentNode>();
const validations = new WeakMap<DocumentNode, { schema: GraphQLSchema; errors: readonly GraphQLError[] }>();

export function cachedParse(source: string | Source): DocumentNode {
  if (typeof source !== 'string' || source.length > MAX_QUERY_LENGTH) return parse(source);
  const hit = documents.get(source);
  if (hit) return hit;
  const document = parse(source);
  if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value as string);
  documents.set(source, document);
  return document;
}

/** graphql-http always passes the specified rules here (app.ts adds none), so the schema is the key. */
export function cachedValidate(
  schema: GraphQLSchema,
  document: DocumentNode,
  ...rest: unknown[]
): readonly GraphQLError[] {
  const hit = validations.get(document);
  if (hit?.schema === schema) return hit.errors;
  const errors = validate(schema, document, ...(rest as []));
  validations.set(document, { schema, errors });
  return errors;
}
