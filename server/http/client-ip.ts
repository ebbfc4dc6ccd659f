/**
 * The client's IP, for rate limits. Behind a reverse proxy every request comes from the proxy, so with
 * TRUST_PROXY=n (n proxies of ours in front) we take the n-th address from the right of
 * X-Forwarded-For: the one our outermost proxy saw. Entries further left are whatever the client
 * claimed and are never trusted. Without TRUST_PROXY the header is ignored.
 */
import type { IncomingMessage } from 'node:http';

export function clientIp(req: IncomingMessage, trustProxy = 0): string {
  const socket = req.socket.remoteAddress ?? '';
  if (trustProxy <= 0) return networkOf(socket);
  const header = req.headers['x-forwarded-for'];
  const list = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return networkOf(list[list.length - trustProxy] ?? list[0] ?? socket);
}

/**
 * An IPv4 address as it is (an IPv4-mapped IPv6 one as its IPv4); an IPv6 address as its /64, since one
 * home or phone is given a whole /64 to pick addresses from, so an IPv6 client counts as its /64.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // `::` stands for as many zero groups as the address leaves out.
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}
