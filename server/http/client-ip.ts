/**
 * The client's IP, for rate limits. Behind a reverse proxy every request comes from the proxy, so with
 * TRUST_PROXY=n (n proxies of ours in front) we take the n-th address from the right of
 * X-Forwarded-For: the one our outermost proxy saw. Entries further left are whatever the client
 * claimed and are never trusted. Without TRUST_PROXY the header is ignored.
 */
import type { IncomingMessage } from 'node:http';

export function clientIp(req: IncomingMessage, trustProxy = 0): string {
  const socket = req.socket.remoteAddress ?? '';
  if (trustProxy <= 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const list = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return list[list.length - trustProxy] ?? list[0] ?? socket;
}
