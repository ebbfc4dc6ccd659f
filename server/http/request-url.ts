/**
 * A request's target as we route it. `new URL(target, base)` would read `//x/metrics` as host `x` and
 * path `/metrics`, routing what a front proxy sees as another path; here it stays the path `//x/metrics`.
 */
export function requestUrl(target: string | undefined): URL {
  const raw = target ?? '/';
  return raw.startsWith('/') ? new URL(`http://localhost${raw}`) : new URL(raw, 'http://localhost');
}
