/**
 * Where a widget sends its GraphQL requests (docs/embedding.md): the element's `api-url` attribute, else a
 * page-wide `<meta name="kasuwa-api-url">`, else the origin the widget script came from + `/graphql`.
 * The API client itself (Apollo with graphql and rxjs, 50 KB gzip) is not imported here: it loads on the reader's first
 * intent with a form (focus, a tap, typing) or on a submit, never at page load (docs/embedding.md).
 */
import { useMemo } from 'react';
import type { Translate } from '../../common/i18n.js';
import type { Operation } from './documents.js';
import { readMessagesWithValues } from './i18n.js';
import { SHARED } from './messages.js';

// In the ES-module build this module's own URL is the script origin; in the classic (IIFE) build
// import.meta is empty, so the script element that is running right now tells us instead (the classic
// build's language chunks are found from it too: scripts/i18n.mjs catalogsByUrl).
export const scriptUrl: string | undefined =
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

type ApiClient = typeof import('./api-client.js');
let loading: Promise<ApiClient> | undefined;

/** The API client, imported once for the page; a failed import (offline) is tried again next time. */
export function loadApiClient(): Promise<ApiClient> {
  loading ??= import('./api-client.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * A refusal of the API in the reader's language (api-errors.ts, in the client's chunk: a refusal came
 * through the client, so it is loaded); a request that never reached the API is a network failure.
 */
export async function apiErrorText(
  t: Translate,
  answer: Parameters<ApiClient['apiErrorMessage']>[1] | undefined,
): Promise<string> {
  if (!answer) return t(SHARED.network);
  try {
    const client = await loadApiClient();
    // A refusal may have values (RATE_LIMITED's wait): their reader comes with the client.
    readMessagesWithValues(client.formatMessage);
    return client.apiErrorMessage(t, answer);
  } catch {
    return t(SHARED.network);
  }
}

/**
 * Resolves after the browser has painted what the current task rendered (the dialog, the pending
 * button): the request's own work (Apollo's first client, its cache) then runs in a later task and
 * never delays the feedback of the tap that started it. A hidden page runs no animation frames, so
 * 100 ms at most: a submit there (a script's requestSubmit()) is not held until it is shown.
 */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

export type Api = {
  /**
   * A form's handlers for the reader's intent (focus, a tap, typing): the client starts loading then,
   * without waiting for it, so it is there (or nearly) by the submit.
   */
  onIntent: { onFocus(): void; onPointerDown(): void; onInput(): void };
  /**
   * Sends a mutation, named (documents.ts: the client's chunk holds the documents); a submit made
   * before the client arrived waits for it, and is sent once.
   */
  mutate<T>(operation: Operation, variables: Record<string, unknown>): Promise<T>;
  /** Sends a query to the network (never answered from a cache). */
  query<T>(operation: Operation, variables: Record<string, unknown>): Promise<T>;
};

/** The API of a widget's element; its address is read at each request, so a changed api-url applies. */
export function useApi(container: ShadowRoot | HTMLElement | undefined): Api {
  const host = container instanceof ShadowRoot ? container.host : null;
  return useMemo(() => {
    const uri = () => (host ? resolveApiUrl(host) : '/graphql');
    const warm = () => void loadApiClient().catch(() => undefined);
    const client = async () => (await Promise.all([loadApiClient(), afterPaint()]))[0];
    return {
      onIntent: { onFocus: warm, onPointerDown: warm, onInput: warm },
      mutate: async (operation, variables) => (await client()).mutate(uri(), operation, variables),
      query: async (operation, variables) => (await client()).query(uri(), operation, variables),
    };
  }, [host]);
}
