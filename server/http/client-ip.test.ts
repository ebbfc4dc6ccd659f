import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { addressOf, clientIp, networkOf } from './client-ip.js';

describe('networkOf', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:0:0:5', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('given %s should count the client as %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });
});

describe('addressOf', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['198.51.100.7:41001', '198.51.100.7'],
    ['[2001:db8:1:2::1]', '2001:db8:1:2::1'],
    ['[2001:db8:1:2::1]:443', '2001:db8:1:2::1'],
    ['2001:db8:1:2::1', '2001:db8:1:2::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['[fe80::1%25eth0]:8080', 'fe80::1'],
    ['::ffff:198.51.100.7', '::ffff:198.51.100.7'],
  ])('given %s should read the address %s', (entry, address) => {
    expect(addressOf(entry)).toBe(address);
  });

  it.each([
    '',
    'unknown',
    '1.2.3.4:5678:9',
    '999.1.1.1',
    '1.2.3',
    '[1.2.3.4]:80',
    '[2001:db8::1',
    '2001:db8::1]:80',
    '1.2.3.4:port',
    '1.2.3.4:99999',
    'gggg::1',
    '<script>',
    '_hidden',
  ])('given %j should read no address', (entry) => {
    expect(addressOf(entry)).toBeUndefined();
  });
});

function request(socket: string, forwardedFor?: string | string[]): IncomingMessage {
  return {
    socket: { remoteAddress: socket },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe('clientIp', () => {
  it('given a proxy that appends the port should count every port of one address as that address', () => {
    const counted = ['8.8.8.8:41001', '8.8.8.8:41006', '8.8.8.8'].map((entry) =>
      clientIp(request('10.0.0.2', `203.0.113.9, ${entry}`), 1),
    );
    expect(counted).toEqual(['8.8.8.8', '8.8.8.8', '8.8.8.8']);
  });

  it('given a bracketed IPv6 address with a port should count its /64', () => {
    expect(clientIp(request('10.0.0.2', '[2001:db8:1:2::99]:5000'), 1)).toBe('2001:db8:1:2::/64');
  });

  it('given garbage where the address should be should count the socket address instead', () => {
    for (const header of ['unknown', '1.2.3.4:5678:9', 'not an ip', '[::1', '']) {
      expect(clientIp(request('::ffff:10.0.0.2', header), 1)).toBe('10.0.0.2');
    }
  });

  it('given no trusted proxy should ignore the header and count the socket address', () => {
    expect(clientIp(request('198.51.100.7', '8.8.8.8'))).toBe('198.51.100.7');
  });

  it('given two proxies of ours should take the second entry from the right', () => {
    expect(clientIp(request('10.0.0.2', '1.1.1.1, 8.8.8.8:1234, 10.0.0.1'), 2)).toBe('8.8.8.8');
  });
});
