/**
 * The client's IP, for rate limits. With TRUST_PROXY=n (n proxies of ours in front) it is the n-th
 * X-Forwarded-For address from the right, the one our outermost proxy saw; entries further left are never
 * trusted, and without TRUST_PROXY the header is ignored. An entry is read strictly (addressOf): port,
 * brackets and zone id dropped, and anything not an IP address counts as the socket's address.
 */
import type { IncomingMessage } from 'node:http';
import net from 'node:net';

export function clientIp(req: IncomingMessage, trustProxy = 0): string {
  const socket = addressOf(req.socket.remoteAddress ?? '') ?? req.socket.remoteAddress ?? '';
  if (trustProxy <= 0) return networkOf(socket);
  const header = req.headers['x-forwarded-for'];
  const list = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = list[list.length - trustProxy] ?? list[0];
  return networkOf((entry === undefined ? undefined : addressOf(entry)) ?? socket);
}

const PORT = /^\d{1,5}$/;

/**
 * The IP address an X-Forwarded-For entry (or a socket) names, without its port, brackets or zone id:
 * `1.2.3.4:5678` → `1.2.3.4`, `[2001:db8::1]:443` → `2001:db8::1`, `fe80::1%eth0` → `fe80::1`.
 * Undefined for anything that is not one address (net.isIP decides), with at most a valid port.
 */
export function addressOf(entry: string): string | undefined {
  let host = entry;
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(entry);
  if (bracketed) {
    const [, inside = '', port] = bracketed;
    if (port !== undefined && !validPort(port)) return undefined;
    host = inside;
  } else if (/^[^:]*:[^:]*$/.test(entry)) {
    // One colon: an IPv4 address (or a name) with a port; an IPv6 address has two at least.
    const [address = '', port = ''] = entry.split(':');
    if (!validPort(port)) return undefined;
    host = address;
  }
  // A zone id (`%eth0`, or `%25eth0` as URLs write it) names the host's interface, not the client.
  const address = host.split('%')[0]!;
  const version = net.isIP(address);
  // Brackets hold an IPv6 address only.
  if (version === 0 || (bracketed && version !== 6)) return undefined;
  return address.toLowerCase();
}

const validPort = (port: string) => PORT.test(port) && Number(port) <= 65_535;

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
