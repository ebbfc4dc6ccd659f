/**
 * The stored answer is read strictly (site/client/consent.ts), and GA is told the address without the
 * query's secrets (site/client/vendors.ts). In the browser: e2e/consent-after-answer.e2e.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_KEY, storedChoice } from './consent.js';
import { pageLocation } from './vendors.js';

const NOW = Date.UTC(2026, 10, 28);
const DAY = 86_400_000;
const valid = { analytics: true, marketing: false, chat: true, id: '1-22-333-4444', v: 'abc1', at: NOW - DAY };

function stored(value: unknown) {
  const items = new Map<string, string>([[CONSENT_KEY, typeof value === 'string' ? value : JSON.stringify(value)]]);
  vi.stubGlobal('localStorage', { getItem: (key: string) => items.get(key) ?? null });
}
afterEach(() => vi.unstubAllGlobals());

describe('storedChoice', () => {
  it('given a valid answer of this version should return it', () => {
    stored(valid);
    expect(storedChoice('abc1', NOW)).toEqual(valid);
  });

  it.each([
    ['another version', { ...valid, v: 'zzz9' }],
    ['a time in the future', { ...valid, at: NOW + 60_000 }],
    ['a time over 12 months ago', { ...valid, at: NOW - 366 * DAY }],
    ['a time not a number', { ...valid, at: String(NOW) }],
    ['a category not a boolean', { ...valid, analytics: 'true' }],
    ['a category missing', { ...valid, marketing: undefined }],
    ['an id that is not a string', { ...valid, id: 1234 }],
    ['not an object', 'true'],
    ['not JSON', '{"analytics":'],
  ])('given %s should ask again', (_, value) => {
    stored(value);
    expect(storedChoice('abc1', NOW)).toBeUndefined();
  });

  it('given storage that throws should ask again', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(storedChoice('abc1', NOW)).toBeUndefined();
  });
});

describe('pageLocation', () => {
  const at = (href: string) => pageLocation(new URL(href));

  it('given a token, an e-mail address and a fragment should keep only the origin, path and utm_* parameters', () => {
    expect(
      at('https://kasuwa.shop/ha/pricing?t=s3cr3t&email=ada%40x.ng&utm_source=wa&ref=lagos&utm_medium=dm#t=x'),
    ).toBe('https://kasuwa.shop/ha/pricing?utm_source=wa&utm_medium=dm');
  });

  it('given no campaign parameters should give the origin and path alone', () => {
    expect(at('https://kasuwa.shop/partners?t=abc.def')).toBe('https://kasuwa.shop/partners');
  });
});
