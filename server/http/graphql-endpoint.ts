/**
 * POST/GET /graphql over graphql-http's transport-free core. Our own small adapter (instead of
 * graphql-http/lib/use/http) so the body goes through the one size-limited reader: 413 above
 * GRAPHQL_LIMITS.bodyBytes, without buffering the rest. Each request is counted once as an operation
 * by root field and outcome (kasuwa_graphql_operations_total), whatever its HTTP status.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  getOperationAST,
  Kind,
  NoSchemaIntrospectionCustomRule,
} from 'graphql';
import { createHandler } from 'graphql-http';
import { createDocumentCache } from '../graphql/document-cache.js';
import { createExecutor } from '../graphql/executor.js';
import { aliasLimit, depthLimit, GRAPHQL_LIMITS, parseWithLimits } from '../graphql/limits.js';
import { createSchema, type GraphQLContext } from '../graphql/schema.js';
import type { GraphqlOperation, GraphqlOutcome } from '../metrics.js';
import type { Services } from '../services.js';
import { BodyTooLarge, readBody } from './body.js';
import { PERSISTED_QUERY_NOT_FOUND, withPersistedQuery } from './persisted-queries.js';
import { dropDocumentHeaders } from './security.js';
import { matchesEtag } from './static.js';

/** A validation error without its "Did you mean …?" hint. */
function withoutSuggestion(error: GraphQLError): GraphQLError {
  const message = error.message.replace(/ Did you mean .*$/s, '');
  if (message === error.message) return error;
  return new GraphQLError(message, { nodes: error.nodes, extensions: error.extensions });
}

/** Codes of errors that are ours, not the client's: every other error is a refusal. */
const FAILURE_CODES = new Set(['UNAVAILABLE', 'INTERNAL']);

/** The operation's root field when it asks one known field (under any alias), `other` otherwise. */
export function operationOf(document: DocumentNode, operationName?: string | null): GraphqlOperation {
  const selections = getOperationAST(document, operationName)?.selectionSet.selections ?? [];
  const names = new Set(selections.map((node) => (node.kind === Kind.FIELD ? node.name.value : '')));
  const [name] = names;
  return names.size === 1 && (name === 'getStoreLeaderboard' || name === 'startSelling') ? name : 'other';
}

/** ok without errors; failed when any error is ours; refused otherwise (a bad input, a limit, not found). */
export function outcomeOf(result: ExecutionResult): GraphqlOutcome {
  if (!result.errors?.length) return 'ok';
  return result.errors.some((error) => FAILURE_CODES.has(String(error.extensions?.code))) ? 'failed' : 'refused';
}

/**
 * Batches (JSON arrays) are refused with a clear message; the parser and validation apply the limits in
 * graphql/limits.ts; introspection is off in production, and so are "Did you mean …?" hints, which would
 * spell the schema out field by field. graphql-http keeps mutations POST-only (405 over GET). A lookup
 * over GET that succeeds may be kept RANK_CACHE_SECONDS by any cache, with an ETag; every other GET
 * answer is no-store (docs/scaling.md "A cache in front").
 */
export function createGraphQLEndpoint(
  services: Pick<Services, 'config' | 'metrics' | 'hashIp' | 'getStoreLeaderboard' | 'startSelling'>,
  clientIp: (req: IncomingMessage) => string,
) {
  const production = services.config.nodeEnv === 'production';
  const documents = createDocumentCache(parseWithLimits);
  const validate: typeof documents.validate = production
    ? (...args) => documents.validate(...args).map(withoutSuggestion)
    : documents.validate;
  const { metrics } = services;
  const seconds = services.config.rankCacheSeconds;
  const lookupCacheControl = seconds
    ? `public, max-age=${seconds}, s-maxage=${seconds}, stale-while-revalidate=${seconds}`
    : 'public, no-cache';
  /** What each executed request was, read back once graphql-http has answered it. */
  const executed = new WeakMap<IncomingMessage, { operation: GraphqlOperation; outcome: GraphqlOutcome }>();
  const handle = createHandler<IncomingMessage, undefined, GraphQLContext>({
    schema: createSchema(services),
    execute: createExecutor().execute,
    parse: documents.parse,
    validate: validate as never,
    validationRules: [depthLimit(), aliasLimit(), ...(production ? [NoSchemaIntrospectionCustomRule] : [])],
    context: (req) => ({ ipHash: services.hashIp(clientIp(req.raw)) }),
    onOperation: (req, args, result) => {
      executed.set(req.raw, { operation: operationOf(args.document, args.operationName), outcome: outcomeOf(result) });
    },
  });

  return async function graphqlEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: string | null = null;
    if (req.method === 'POST') {
      try {
        body = (await readBody(req, GRAPHQL_LIMITS.bodyBytes)).toString('utf8');
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        metrics.graphqlOperation('other', 'refused');
        return refuse(res, 413, `The request body is larger than ${GRAPHQL_LIMITS.bodyBytes} bytes.`);
      }
      if (/^\s*\[/.test(body) && /json/i.test(String(req.headers['content-type']))) {
        metrics.graphqlOperation('other', 'refused');
        return refuse(res, 400, 'Batched requests are not supported: send one operation per request.');
      }
    }
    const method = req.method ?? 'GET';
    const persisted = withPersistedQuery(method, req.url ?? '/graphql', body);
    if (persisted === 'not found') {
      metrics.graphqlOperation('other', 'refused');
      res.setHeader('Cache-Control', 'no-store');
      return answer(res, 200, { 'content-type': 'application/json; charset=utf-8' }, PERSISTED_QUERY_NOT_FOUND);
    }
    let answered: Awaited<ReturnType<typeof handle>>;
    try {
      answered = await handle({
        method,
        url: persisted.url,
        headers: req.headers,
        body: persisted.body,
        raw: req,
        context: undefined,
      });
    } catch (error) {
      metrics.graphqlOperation('other', 'failed');
      throw error;
    }
    const [text, init] = answered;
    // Not executed: refused before (unparsable, invalid, over a limit, a mutation over GET), or failed.
    const { operation, outcome } = executed.get(req) ?? {
      operation: 'other',
      outcome: init.status >= 500 ? 'failed' : 'refused',
    };
    metrics.graphqlOperation(operation, outcome);
    if (method === 'GET') {
      if (operation === 'getStoreLeaderboard' && outcome === 'ok' && init.status === 200) {
        const etag = `"${createHash('sha1')
          .update(text ?? '')
          .digest('base64url')}"`;
        res.setHeader('Cache-Control', lookupCacheControl);
        res.setHeader('ETag', etag);
        // The answer's type follows Accept (application/graphql-response+json or application/json).
        res.setHeader('Vary', res.hasHeader('Vary') ? `${res.getHeader('Vary')}, Accept` : 'Accept');
        if (matchesEtag(req.headers['if-none-match'], etag)) {
          dropDocumentHeaders(res);
          res.writeHead(304).end();
          return;
        }
      } else {
        res.setHeader('Cache-Control', 'no-store');
      }
    }
    answer(res, init.status, init.headers, text ?? '', init.statusText);
  };
}

/**
 * A JSON answer as an API client needs it: without the headers that govern a document (CSP, frame and
 * permissions policies, which app.ts sets on every answer first) and with its length rather than
 * chunked, so a lookup's headers stay within a few hundred bytes (docs/security.md).
 */
function answer(
  res: ServerResponse,
  status: number,
  headers: Record<string, string> | undefined,
  text: string,
  statusText?: string,
) {
  dropDocumentHeaders(res);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.writeHead(status, statusText, headers).end(text);
}

function refuse(res: ServerResponse, status: number, message: string) {
  answer(
    res,
    status,
    { 'content-type': 'application/json; charset=utf-8' },
    JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }),
  );
}
