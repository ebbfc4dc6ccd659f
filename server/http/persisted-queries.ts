/**
 * Persisted queries (Apollo's protocol, version 1) limited to the build's own documents: a request
 * that names a document by `extensions.persistedQuery.sha256Hash` and sends no `query` gets that
 * document's text filled in; an unknown hash gets PERSISTED_QUERY_NOT_FOUND, so the client sends the
 * text by POST. No client can add a document (docs/scaling.md "A cache in front").
 */
import { TRUSTED_DOCUMENT_HASHES, TRUSTED_DOCUMENT_SOURCES } from '../../common/trusted-documents.js';

const SOURCE_BY_HASH = new Map<string, string>(
  Object.entries(TRUSTED_DOCUMENT_HASHES).map(([operation, hash]) => [
    hash,
    TRUSTED_DOCUMENT_SOURCES[operation as keyof typeof TRUSTED_DOCUMENT_SOURCES],
  ]),
);

export const PERSISTED_QUERY_NOT_FOUND = JSON.stringify({
  errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
});

type Persisted = { url: string; body: string | null } | 'not found';

/** The hash a request's extensions name, if they name one (anything unparsable is graphql-http's to refuse). */
function hashIn(extensions: unknown): string | undefined {
  const hash = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null)?.persistedQuery?.sha256Hash;
  return typeof hash === 'string' ? hash : undefined;
}

/** The request with its trusted document's text in place of the hash; as it came when it names none. */
export function withPersistedQuery(method: string, url: string, body: string | null): Persisted {
  if (method === 'GET') {
    const at = url.indexOf('?');
    if (at < 0) return { url, body };
    const search = new URLSearchParams(url.slice(at + 1));
    const extensions = search.get('extensions');
    if (search.has('query') || !extensions?.includes('persistedQuery')) return { url, body };
    let hash: string | undefined;
    try {
      hash = hashIn(JSON.parse(extensions));
    } catch {
      return { url, body };
    }
    if (hash === undefined) return { url, body };
    const source = SOURCE_BY_HASH.get(hash);
    if (!source) return 'not found';
    search.set('query', source);
    return { url: `${url.slice(0, at)}?${search}`, body };
  }
  if (body === null || !body.includes('persistedQuery')) return { url, body };
  let request: Record<string, unknown>;
  try {
    request = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return { url, body };
  }
  const hash = request && typeof request === 'object' && request.query == null ? hashIn(request.extensions) : undefined;
  if (hash === undefined) return { url, body };
  const source = SOURCE_BY_HASH.get(hash);
  if (!source) return 'not found';
  return { url, body: JSON.stringify({ ...request, query: source }) };
}
