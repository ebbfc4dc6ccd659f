/** The signup as the widgets send it, for tests and benches that sign up over HTTP: one copy of the query. */
export const START_SELLING = 'mutation($data: StartSellingInput!) { startSelling(data: $data) { success } }';

export type StartSellingData = { email: string; source?: string; partner?: string; locale?: string; website?: string };

/** POST /graphql with `startSelling` at `base`; the response as it came, for the caller to read. */
export function postStartSelling(
  base: string,
  data: StartSellingData,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: START_SELLING, variables: { data } }),
  });
}
