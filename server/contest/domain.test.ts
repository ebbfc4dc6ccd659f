/** What store owners type, resolved through the real import and lookup path on a temporary database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContestTestDatabase, contestTestDatabase } from '../../testing/server/contest-testbed.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { loadConfig } from '../config.js';
import { normalizeDomain } from './domain.js';
import { parseStoresCsv } from './parse.js';
import { RankLookup } from './rank-lookup.js';

const config = loadConfig({ DATA_DIR: '/unused' });

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  let test: ContestTestDatabase;
  let contest: RankLookup;

  beforeAll(async () => {
    test = await contestTestDatabase(backend);
    contest = await RankLookup.load(test.storage, config.campaign);
    await test.storage.importStores(
      parseStoresCsv(`store_id,name,domain,logo_url,custom_domain
  demo-0001,Adaeze Fabrics,adaeze-fabrics,https://cdn.example/adaeze.png,adaezefabrics.com
  demo-0002,Mama Nkechi Kitchen,mama-nkechi-kitchen.kasuwa.shop,,
  iya-oloja,Ìyá Ọlọ́jà,iya-oloja,,ìyá-ọlọ́jà.com.ng`),
    );
    await contest.refresh(); // what the server's poller does within a second
  });

  afterAll(async () => {
    contest.stop();
    await test.close();
  });

  describe('looking a store up by what its owner types', () => {
    it.each([
      ['adaeze-fabrics', 'demo-0001'],
      ['ADAEZE-FABRICS', 'demo-0001'],
      ['  adaeze-fabrics  ', 'demo-0001'],
      ['adaeze-fabrics.', 'demo-0001'],
      ['adaeze-fabrics.kasuwa.shop', 'demo-0001'],
      ['adaeze-fabrics.kasuwa.shop.', 'demo-0001'],
      ['www.adaeze-fabrics.kasuwa.shop', 'demo-0001'],
      ['https://adaeze-fabrics.kasuwa.shop/', 'demo-0001'],
      ['http://www.Adaeze-Fabrics.Kasuwa.Shop/products?page=2#top', 'demo-0001'],
      ['adaeze-fabrics.kasuwa.shop:443', 'demo-0001'],
      ['https://www.adaezefabrics.com/shop', 'demo-0001'],
      ['adaezefabrics.com', 'demo-0001'],
      ['ADAEZEFABRICS.COM.', 'demo-0001'],
      ['www.adaezefabrics.com', 'demo-0001'],
      ['ＡＤＡＥＺＥＦＡＢＲＩＣＳ.com', 'demo-0001'],
      ['https://www.Mama-Nkechi-Kitchen.kasuwa.shop/shop', 'demo-0002'],
      ['mama-nkechi-kitchen', 'demo-0002'],
      ['ìyá-ọlọ́jà.com.ng', 'iya-oloja'],
      ['ÌYÁ-ỌLỌ́JÀ.COM.NG', 'iya-oloja'],
      ['https://www.ìyá-ọlọ́jà.com.ng/ọjà', 'iya-oloja'],
      ['xn--y-lj-3nac9eu0v192fba.com.ng', 'iya-oloja'],
      ['iya-oloja', 'iya-oloja'],
    ])('given %j should find %s', (typed, storeId) => {
      expect(contest.lookup(typed).storeId).toBe(storeId);
    });

    it.each([
      ['10,000 characters', 'a'.repeat(10_000)],
      ['a 10,000-character URL of the store', `https://adaeze-fabrics.kasuwa.shop/${'x'.repeat(10_000)}`],
      ['a NUL character', 'adaeze-fabrics\u0000'],
      ['a line break', 'adaeze\nfabrics'],
      ['a carriage return', 'adaeze-fabrics.kasuwa.shop\r'],
      ['an escape character', '\u001b[31madaeze-fabrics'],
      ['SQL comparing to true', "adaeze-fabrics' OR '1'='1"],
      ['SQL dropping a table', "'; DROP TABLE stores; --"],
      ['SQL union', 'x UNION SELECT * FROM stores'],
      ['a LIKE wildcard', '%'],
      ['a LIKE pattern', 'adaeze%'],
      ['an underscore pattern', '_____-fabrics'],
      ['markup', '<script>alert(1)</script>'],
      ['a template string', '$' + '{jndi:ldap://evil.example/a}'],
      ['only dots', '...'],
      ['a label starting with a hyphen', '-adaeze-fabrics'],
      ['a label over 63 characters', `${'a'.repeat(64)}.com`],
      ['a right-to-left override', '\u202eadaeze-fabrics'],
      ['an unknown store', 'no-such-store.example'],
    ])('given %s should answer STORE_NOT_FOUND', (_, typed) => {
      expect(() => contest.lookup(typed)).toThrow(expect.objectContaining({ code: 'STORE_NOT_FOUND' }));
    });

    it('given injection-looking input should leave the stores as they were', async () => {
      expect(await test.count('stores')).toBe(3);
    });

    it.each([[''], ['   ']])('given %j should answer BAD_USER_INPUT Required', (typed) => {
      expect(() => contest.lookup(typed)).toThrow(
        expect.objectContaining({ code: 'BAD_USER_INPUT', message: 'Required' }),
      );
    });

    it.each([
      ['myshop', 'myshop.kasuwa.shop'],
      ['www.myshop.com', 'myshop.com'],
      ['ab--cd.com.ng', 'ab--cd.com.ng'],
      ['1.2.3.4', '1.2.3.4'],
      ['0x7f.1', '127.0.0.1'], // read as IPv4, as a browser would
      ['shop.0x1f', undefined], // a number after a name is no IPv4 address and no host either
      ['xn--y-lj-3nac9eu0v192fba.com.ng', 'xn--y-lj-3nac9eu0v192fba.com.ng'],
      ['xn--invalid-punycode-.com', undefined],
      ['shop-.com', undefined],
      ['-shop.com', undefined],
    ])('given the already plain %j should answer %j, as if it came as a URL', (typed, host) => {
      expect(normalizeDomain(typed)).toBe(host);
      expect(normalizeDomain(`HTTPS://${typed}/`)).toBe(host);
    });

    it('given a bare name should take it under the store suffix', () => {
      expect(normalizeDomain('MyShop')).toBe('myshop.kasuwa.shop');
      expect(normalizeDomain('https://www.MyShop.com/products')).toBe('myshop.com');
    });
  });
});
