/**
 * Apollo Client, in a chunk of its own that widgets/shared/api.ts imports on the reader's first intent.
 * One client (and cache) per API address, shared by every widget on the page.
 */
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { DOCUMENTS, type Operation } from './documents.js';

export { formatMessage } from '../../common/format-message.js';
export { apiErrorMessage } from './api-errors.js';

const clients = new Map<string, ApolloClient>();

function clientFor(uri: string): ApolloClient {
  let client = clients.get(uri);
  if (!client) {
    client = new ApolloClient({ link: new HttpLink({ uri }), cache: new InMemoryCache() });
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
