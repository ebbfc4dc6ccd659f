/**
 * /.well-known/security.txt as a security researcher's tool reads it (RFC 9116): from the server in-process,
 * with and without PUBLIC_URL; its dates from securityTxt() on a given day.
 */
import { describe, expect, it } from 'vitest';
import { serverForTests } from '../../testing/server/test-server.js';
import { SECURITY_TXT_DAYS, securityTxt } from './security-txt.js';

/** The fields of a security.txt, by name, each with its values in order (RFC 9116 §2.4). */
function fields(text: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [, name, value] = /^([A-Za-z-]+): (.+)$/.exec(line) ?? [];
    if (!name || !value) throw new Error(`not a field line: ${JSON.stringify(line)}`);
    found[name.toLowerCase()] = [...(found[name.toLowerCase()] ?? []), value];
  }
  return found;
}

describe('/.well-known/security.txt', () => {
  describe('with PUBLIC_URL', () => {
    const server = serverForTests({ PUBLIC_URL: 'https://shop.example.ng' });

    it('should answer text/plain in UTF-8 with Contact, Expires, Preferred-Languages and its Canonical address', async () => {
      const response = await fetch(`${server.base}/.well-known/security.txt`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const found = fields(await response.text());
      expect(found.contact).toEqual(['mailto:security@kasuwa.shop']);
      expect(found['preferred-languages']).toEqual(['en']);
      expect(found.canonical).toEqual(['https://shop.example.ng/.well-known/security.txt']);
      expect(found.expires).toHaveLength(1);
      const expires = Date.parse(String(found.expires));
      expect(expires).toBeGreaterThan(Date.now());
      expect(expires).toBeLessThan(Date.now() + 365 * 24 * 60 * 60 * 1000);
    });

    it('given HEAD should answer the same headers and no body', async () => {
      const response = await fetch(`${server.base}/.well-known/security.txt`, { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toBe('');
    });

    it('given a POST should refuse it like any other file (405)', async () => {
      const response = await fetch(`${server.base}/.well-known/security.txt`, { method: 'POST' });
      expect(response.status).toBe(405);
    });
  });

  describe('without PUBLIC_URL', () => {
    const server = serverForTests({});

    it('should name kasuwa.shop as its canonical address, as the pages do', async () => {
      const text = await (await fetch(`${server.base}/.well-known/security.txt`)).text();
      expect(fields(text).canonical).toEqual(['https://kasuwa.shop/.well-known/security.txt']);
    });
  });

  it(`given a day should expire ${SECURITY_TXT_DAYS} days after its start, in RFC 3339 UTC`, () => {
    const text = securityTxt('https://kasuwa.shop/', new Date('2026-12-02T17:45:00Z'));
    expect(fields(text).expires).toEqual(['2027-05-31T00:00:00.000Z']);
    expect(fields(text).canonical).toEqual(['https://kasuwa.shop/.well-known/security.txt']);
  });
});
