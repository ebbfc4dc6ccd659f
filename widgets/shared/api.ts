/**
 * Where a widget sends its GraphQL requests (docs/widgets.md): the element's `api-url` attribute, else a
 * page-wide `<meta name="kasuwa-api-url">`, else the origin the widget script came from + `/graphql`.
 */
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { useMemo } from 'react';

// In the ES-module build this module's own URL is the script origin; in the classic (IIFE) build
// import.meta is empty, so the script element that is running right now tells us instead.
const scriptUrl: string | undefined =
  (typeof document !== 'undefined' && (document.currentScript as HTMLScriptElement | null)?.src) ||
  (import.meta as { url?: string }).url;

export function resolveApiUrl(host: Element): string {
  const fromAttribute = host.getAttribute('api-url');
  if (fromAttribute) return new URL(fromAttribute, document.baseURI).href;
  const fromMeta = document.querySelector<HTMLMetaElement>('meta[name="kasuwa-api-url"]')?.content;
  if (fromMeta) return new URL(fromMeta, document.baseURI).href;
  const base = scriptUrl && /^https?:/.test(scriptUrl) ? scriptUrl : document.baseURI;
  return new URL('/graphql', base).href;
}

const clients = new Map<string, ApolloClient>();

/** One client (and cache) per API address, shared by every widget on the page. */
export function clientFor(uri: string): ApolloClient {
  let client = clients.get(uri);
  if (!client) {
    client = new ApolloClient({ link: new HttpLink({ uri }), cache: new InMemoryCache() });
    clients.set(uri, client);
  }
  return client;
}

/**
 * The client for a widget's element. `apiUrl` is the element's api-url option: when it changes (or
 * goes away) the next request uses the new address.
 */
export function useApiClient(container: ShadowRoot | HTMLElement | undefined, apiUrl: string | undefined) {
  const host = container instanceof ShadowRoot ? container.host : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: apiUrl mirrors the attribute resolveApiUrl reads
  return useMemo(() => clientFor(host ? resolveApiUrl(host) : '/graphql'), [host, apiUrl]);
}
