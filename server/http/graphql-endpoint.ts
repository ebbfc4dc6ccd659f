/**
 * POST/GET /graphql over graphql-http's transport-free core. Our own small adapter (instead of
 * graphql-http/lib/use/http) so the body goes through the one size-limited reader: 413 above
 * GRAPHQL_LIMITS.bodyBytes, without buffering the rest.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import { createHandler } from 'graphql-http';
import { createDocumentCache } from '../graphql/document-cache.js';
import { createExecutor } from '../graphql/executor.js';
import { aliasLimit, depthLimit, GRAPHQL_LIMITS, parseWithLimits } from '../graphql/limits.js';
import { createSchema, type GraphQLContext } from '../graphql/schema.js';
import type { Services } from '../services.js';
import { BodyTooLarge, readBody } from './body.js';

/** A validation error without its "Did you mean …?" hint. */
function withoutSuggestion(error: GraphQLError): GraphQLError {
  const message = error.message.replace(/ Did you mean .*$/s, '');
  if (message === error.message) return error;
  return new GraphQLError(message, { nodes: error.nodes, extensions: error.extensions });
}

/**
 * Batches (JSON arrays) are refused with a clear message; the parser and validation apply the limits in
 * graphql/limits.ts; introspection is off in production, and so are "Did you mean …?" hints, which would
 * spell the schema out field by field. graphql-http keeps mutations POST-only (405 over GET).
 */
export function createGraphQLEndpoint(services: Services, clientIp: (req: IncomingMessage) => string) {
  const production = services.config.nodeEnv === 'production';
  const documents = createDocumentCache(parseWithLimits);
  const validate: typeof documents.validate = production
    ? (...args) => documents.validate(...args).map(withoutSuggestion)
    : documents.validate;
  const handle = createHandler<IncomingMessage, undefined, GraphQLContext>({
    schema: createSchema(services),
    execute: createExecutor().execute,
    parse: documents.parse,
    validate: validate as never,
    validationRules: [depthLimit(), aliasLimit(), ...(production ? [NoSchemaIntrospectionCustomRule] : [])],
    context: (req) => ({ ipHash: services.hashIp(clientIp(req.raw)) }),
  });

  return async function graphqlEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: string | null = null;
    if (req.method === 'POST') {
      try {
        body = (await readBody(req, GRAPHQL_LIMITS.bodyBytes)).toString('utf8');
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        return refuse(res, 413, `The request body is larger than ${GRAPHQL_LIMITS.bodyBytes} bytes.`);
      }
      if (/^\s*\[/.test(body) && /json/i.test(String(req.headers['content-type']))) {
        return refuse(res, 400, 'Batched requests are not supported: send one operation per request.');
      }
    }
    const [text, init] = await handle({
      method: req.method ?? 'GET',
      url: req.url ?? '/graphql',
      headers: req.headers,
      body,
      raw: req,
      context: undefined,
    });
    res.writeHead(init.status, init.statusText, init.headers).end(text);
  };
}

function refuse(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }));
}
