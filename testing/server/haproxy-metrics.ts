/**
 * One backend's figures in the text of HAProxy's Prometheus exporter, as KasuwaBalancerErrorRate
 * (deploy/prometheus/alerts.yml) reads them: requests, answers 5xx (HAProxy's own included) and
 * connection errors; NaN for a series the exporter does not give.
 */
export type BackendFigures = { requests: number; answered5xx: number; connectionErrors: number };

export function backendFigures(text: string, proxy: string): BackendFigures {
  const value = (name: string, extra = '') =>
    Number(new RegExp(`^${name}\\{proxy="${proxy}"${extra}\\} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    requests: value('haproxy_backend_http_requests_total'),
    answered5xx: value('haproxy_backend_http_responses_total', ',code="5xx"'),
    connectionErrors: value('haproxy_backend_connection_errors_total'),
  };
}

/** How much each of one backend's figures grew between two scrapes. */
export function grown(before: string, after: string, proxy: string): BackendFigures {
  const [a, b] = [backendFigures(before, proxy), backendFigures(after, proxy)];
  return {
    requests: b.requests - a.requests,
    answered5xx: b.answered5xx - a.answered5xx,
    connectionErrors: b.connectionErrors - a.connectionErrors,
  };
}
