/** The in-memory store directory against a plain Map doing the same work. */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../demo-data.js';
import { type DirectoryStore, StoreDirectory } from './store-directory.js';

const store = (key: number, overrides: Partial<DirectoryStore> = {}): DirectoryStore => ({
  key,
  domain: `shop-${key}.kasuwa.shop`,
  customDomain: null,
  id: `store-${key}`,
  name: `Shop ${key}`,
  logo: null,
  optedIn: true,
  ...overrides,
});

describe('the store directory', () => {
  it('given a store should find it by its domain and by its custom domain, and nothing else', () => {
    const directory = new StoreDirectory();
    directory.set(
      store(7, {
        name: 'Ìyá Ọlọ́jà 🧵',
        customDomain: 'xn--y-lj-3nac9eu0v192fba.com.ng',
        logo: 'https://cdn.example/logo.png',
      }),
    );
    const expected = {
      key: 7,
      id: 'store-7',
      name: 'Ìyá Ọlọ́jà 🧵',
      logo: 'https://cdn.example/logo.png',
      optedIn: true,
    };
    expect(directory.find('shop-7.kasuwa.shop')).toEqual(expected);
    expect(directory.find('xn--y-lj-3nac9eu0v192fba.com.ng')).toEqual(expected);
    expect(directory.find('shop-8.kasuwa.shop')).toBeUndefined();
    expect(directory.find('shop-7.kasuwa.sho')).toBeUndefined();
    expect(directory.find('')).toBeUndefined();
    expect(directory.size).toBe(1);
  });

  it('given a changed store should move its hosts and keep no trace of the old ones', () => {
    const directory = new StoreDirectory();
    directory.set(store(1, { customDomain: 'old.example' }));
    directory.set(store(2));
    directory.set(store(1, { domain: 'renamed.kasuwa.shop', customDomain: null, name: null, optedIn: false }));
    expect(directory.find('shop-1.kasuwa.shop')).toBeUndefined();
    expect(directory.find('old.example')).toBeUndefined();
    expect(directory.find('renamed.kasuwa.shop')).toEqual({
      key: 1,
      id: 'store-1',
      name: null,
      logo: null,
      optedIn: false,
    });
    // A custom domain handed from one store to another.
    directory.set(store(2, { customDomain: 'old.example' }));
    expect(directory.find('old.example')?.id).toBe('store-2');
    expect(directory.size).toBe(2);
  });

  it('given 20,000 random adds and changes should answer exactly as a Map does, while memory stays bounded', () => {
    const directory = new StoreDirectory();
    const model = new Map<string, string>(); // host -> id
    const current = new Map<number, DirectoryStore>();
    const random = seededRandom(42);
    let written = 0;
    for (let step = 0; step < 20_000; step += 1) {
      const key = 1 + Math.floor(random() * 3000);
      const version = Math.floor(random() * 4);
      const next = store(key, {
        domain: `s${key}-v${version}.kasuwa.shop`,
        customDomain: random() < 0.3 ? `s${key}-v${version}.com.ng` : null,
        name: `Shop ${key} version ${version} ${'x'.repeat(Math.floor(random() * 40))}`,
      });
      const old = current.get(key);
      if (old) {
        model.delete(old.domain);
        if (old.customDomain) model.delete(old.customDomain);
      }
      model.set(next.domain, next.id);
      if (next.customDomain) model.set(next.customDomain, next.id);
      current.set(key, next);
      directory.set(next);
      written += [next.domain, next.customDomain, next.id, next.name].join('').length + 10;
    }
    for (const [host, id] of model) expect(directory.find(host)?.id, host).toBe(id);
    for (let key = 1; key <= 3000; key += 1) {
      for (let version = 0; version < 4; version += 1) {
        const host = `s${key}-v${version}.kasuwa.shop`;
        if (!model.has(host)) expect(directory.find(host), host).toBeUndefined();
      }
    }
    expect(directory.size).toBe(current.size);
    for (const [key, expected] of current) expect(directory.get(key)).toEqual(expected);
    // Replaced records are reclaimed: everything held is well under what was ever written (1.5 MB).
    expect(written).toBeGreaterThan(1_500_000);
    expect(directory.recordBytesHeld).toBeLessThan(written / 2);
  });

  it('given a key that is not a positive integer should refuse it', () => {
    const directory = new StoreDirectory();
    expect(() => directory.set(store(0))).toThrow(RangeError);
    expect(() => directory.set(store(1.5))).toThrow(RangeError);
  });
});
