/**
 * Apollo Client, in a chunk of its own that widgets/shared/api.ts imports on the reader's first intent.
 * One client (and cache) per API address, shared by every widget on the page. Operations go by their
 * trusted hash (common/trusted-documents.ts): a lookup as a GET a cache may keep, a signup as a POST;
 * a server that does not know the hash gets the text by POST (docs/scaling.md "A cache in front").
 */
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import type { DocumentNode } from 'graphql';
import { TRUSTED_DOCUMENT_HASHES } from '../../common/trusted-documents.js';
import { DOCUMENTS, type Operation } from './documents.js';

export { formatMessage } from '../../common/format-message.js';
export { apiErrorMessage } from './api-errors.js';

/**
 * Each operation's trusted hash by its name: Apollo hands the link its own copy of the document (with
 * `__typename` added, as the trusted text has it), so the name is what identifies it.
 */
const HASHES: Record<string, string> = {
  StartSelling: TRUSTED_DOCUMENT_HASHES.startSelling,
  GetStoreLeaderboard: TRUSTED_DOCUMENT_HASHES.getStoreLeaderboard,
};
const hashOf = (document: DocumentNode) => {
  const [definition] = document.definitions;
  return (definition?.kind === 'OperationDefinition' && HASHES[definition.name?.value ?? '']) || '';
};

/**
 * A GET has no body, so no Content-Type: a cross-origin lookup is then a simple request, without a
 * preflight's round trip before it.
 */
const fetchWithoutBodyType: typeof fetch = (input, init) => {
  if (init?.method !== 'GET' || !init.headers) return fetch(input, init);
  const { 'content-type': _, ...headers } = init.headers as Record<string, string>;
  return fetch(input, { ...init, headers });
};

const clients = new Map<string, ApolloClient>();

function clientFor(uri: string): ApolloClient {
  let client = clients.get(uri);
  if (!client) {
    const persisted = new PersistedQueryLink({
      generateHash: hashOf,
      useGETForHashedQueries: true,
    });
    client = new ApolloClient({
      link: persisted.concat(new HttpLink({ uri, fetch: fetchWithoutBodyType })),
      cache: new InMemoryCache(),
    });
    clients.set(uri, client);
  }
  return client;
}

/** The answer's data, or what Apollo reported (CombinedGraphQLErrors with `errors`, or a network error). */
function dataOf<T>(result: { data?: unknown; error?: unknown }): T {
  if (result.error || !result.data) throw result.error ?? new Error('No data in the answer');
  return result.data as T;
}

export async function mutate<T>(uri: string, operation: Operation, variables: Record<string, unknown>): Promise<T> {
  return dataOf<T>(await clientFor(uri).mutate<T>({ mutation: DOCUMENTS[operation], variables }));
}

export async function query<T>(uri: string, operation: Operation, variables: Record<string, unknown>): Promise<T> {
  return dataOf<T>(
    await clientFor(uri).query<T>({ query: DOCUMENTS[operation], variables, fetchPolicy: 'network-only' }),
  );
}
