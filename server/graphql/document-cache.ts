/**
 * Parsing and validating a query costs more than answering a rank lookup, and clients send the same few
 * query texts again and again. A cache remembers the last MAX_DOCUMENTS query texts (up to
 * MAX_QUERY_LENGTH characters) with their parsed document, and the validation result of each document.
 * Documents are never mutated by execution, so sharing them is safe.
 */
import { type DocumentNode, type GraphQLError, type GraphQLSchema, type Source, validate } from 'graphql';

const MAX_DOCUMENTS = 500;
const MAX_QUERY_LENGTH = 10_000;

/**
 * One cache per endpoint: its parse function (with the endpoint's limits) and its validation rules are
 * fixed, so a document and a schema are the whole key.
 */
export function createDocumentCache(parse: (source: string | Source) => DocumentNode) {
  const documents = new Map<string, DocumentNode>();
  const validations = new WeakMap<DocumentNode, { schema: GraphQLSchema; errors: readonly GraphQLError[] }>();
  return {
    parse(source: string | Source): DocumentNode {
      if (typeof source !== 'string' || source.length > MAX_QUERY_LENGTH) return parse(source);
      const hit = documents.get(source);
      if (hit) return hit;
      const document = parse(source);
      if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value as string);
      documents.set(source, document);
      return document;
    },
    validate(schema: GraphQLSchema, document: DocumentNode, ...rest: unknown[]): readonly GraphQLError[] {
      const hit = validations.get(document);
      if (hit?.schema === schema) return hit.errors;
      const errors = validate(schema, document, ...(rest as []));
      validations.set(document, { schema, errors });
      return errors;
    },
  };
}
