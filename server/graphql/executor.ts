/**
 * Executes operations with graphql-js, except the documents clients send again and again, which
 * graphql-jit compiles into plain functions (as Mercurius does): the rank lookup then executes in well
 * under a microsecond instead of about ten, the largest cost of a lookup after HTTP itself.
 */
import {
  type DocumentNode,
  type ExecutionArgs,
  execute as executeWithGraphqlJs,
  getOperationAST,
  getVariableValues,
  type OperationDefinitionNode,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';

export const COMPILE_AFTER = 10;
export const COMPILE_INTERVAL_MS = 1000;

type Entry = { uses: number; compiled?: { query: CompiledQuery; operation: OperationDefinitionNode } | false };

/**
 * A document is compiled on its COMPILE_AFTER-th execution, and at most one document per
 * COMPILE_INTERVAL_MS, so a stream of distinct documents cannot turn compiling (milliseconds each) into
 * work without bound; until then, and if compiling fails, graphql-js executes it. Documents come from
 * the document cache, which hands out one object per query text, so they are the key.
 *
 * Variables are still coerced by graphql-js, so a bad variable gets graphql-js's error message (the
 * compiled coercion words some of them differently).
 */
export function createExecutor({ compileAfter = COMPILE_AFTER, compileIntervalMs = COMPILE_INTERVAL_MS } = {}) {
  const documents = new WeakMap<DocumentNode, Map<string, Entry>>();
  let lastCompile = Number.NEGATIVE_INFINITY;
  let compiledCount = 0;

  function entryFor(document: DocumentNode, operationName: string): Entry {
    let operations = documents.get(document);
    if (!operations) {
      operations = new Map();
      documents.set(document, operations);
    }
    let entry = operations.get(operationName);
    if (!entry) {
      entry = { uses: 0 };
      operations.set(operationName, entry);
    }
    return entry;
  }

  function execute(args: ExecutionArgs): ReturnType<typeof executeWithGraphqlJs> {
    const entry = entryFor(args.document, args.operationName ?? '');
    if (entry.compiled) {
      const variables = getVariableValues(
        args.schema,
        entry.compiled.operation.variableDefinitions ?? [],
        args.variableValues ?? {},
        { maxErrors: 50 }, // as graphql-js's execute
      );
      if (variables.errors) return { errors: variables.errors };
      return entry.compiled.query.query(args.rootValue, args.contextValue, variables.coerced);
    }
    entry.uses += 1;
    const now = performance.now();
    if (entry.compiled === undefined && entry.uses >= compileAfter && now - lastCompile >= compileIntervalMs) {
      lastCompile = now;
      const operation = getOperationAST(args.document, args.operationName);
      const query = operation && compileQuery(args.schema, args.document, args.operationName ?? undefined);
      entry.compiled = operation && query && isCompiledQuery(query) ? { query, operation } : false;
      if (entry.compiled) compiledCount += 1;
    }
    return executeWithGraphqlJs(args);
  }

  return {
    execute,
    /** How many operations run compiled. */
    get compiled() {
      return compiledCount;
    },
  };
}
