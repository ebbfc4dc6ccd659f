/** Sales and store files: all or nothing, every bad line named. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ContestTestDatabase, contestTestDatabase } from '../../testing/server/contest-testbed.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { loadConfig } from '../config.js';
import { IntakeRejected } from './intake-rules.js';
import { nairaToKobo, parseIsoTime, parseSalesCsv, parseSalesNdjson, parseStoresCsv } from './parse.js';

const { campaign } = loadConfig({ DATA_DIR: '/unused' });
let test: ContestTestDatabase;
const importSales = (input: ReturnType<typeof parseSalesCsv>) => test.storage.importSales(campaign, input);
const importStores = (input: ReturnType<typeof parseStoresCsv>) => test.storage.importStores(input);
const count = (table: 'sales' | 'stores' | 'contest_changes') => test.count(table);
const revenueOf = (storeId: string) => test.revenueOf(storeId);

async function rejection(work: () => Promise<unknown>): Promise<IntakeRejected> {
  try {
    await work();
  } catch (error) {
    if (error instanceof IntakeRejected) return error;
    throw error;
  }
  throw new Error('expected the input to be rejected');
}

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  beforeEach(async () => {
    test = await contestTestDatabase(backend);
    await importStores(
      parseStoresCsv(
        'store_id,name,domain,logo_url\ns1,Adaeze Fabrics,adaeze-fabrics,\ns2,"Tunde ""Gadgets"", Hub",tunde-gadgets-hub,',
      ),
    );
  });

  afterEach(async () => {
    await test.close();
  });

  describe('sales:import', () => {
    it('given a file with one bad row should apply nothing and name the line', async () => {
      const csv = `order_id,store_id,amount,status,paid_at
  o1,s1,1500,paid,2026-12-05T10:00:00+01:00
  o2,s1,15.005,paid,2026-12-05T10:00:00+01:00
  o3,s2,2000,paid,2026-12-05T10:00:00+01:00`;
      const changesBefore = await count('contest_changes');
      const error = await rejection(() => importSales(parseSalesCsv(csv)));
      expect(error.errors).toEqual([{ line: 3, reason: expect.stringContaining('amount must be naira') }]);
      expect(await count('sales')).toBe(0);
      expect(await count('contest_changes')).toBe(changesBefore);
    });

    it('given several bad rows should name every one with its reason', async () => {
      const csv = `order_id,store_id,amount,status,paid_at
  o1,s1,1500,paid,2026-12-05T10:00:00+01:00
  o2,nobody,1500,paid,2026-12-05T10:00:00+01:00
  o3,s1,1500,pending,2026-12-05T10:00:00+01:00
  o4,s1,1500,paid,yesterday

  o5,s1,1500,paid,2026-02-30
  o6,s1,1500
  o7,s1,-5,paid,2026-12-05
  ,s1,5,paid,2026-12-05
  o1,s2,1500,paid,2026-12-05T10:00:00+01:00`;
      const error = await rejection(() => importSales(parseSalesCsv(csv)));
      expect(error.errors.map((e) => e.line)).toEqual([3, 4, 5, 7, 8, 9, 10]);
      expect(error.errors.map((e) => e.reason)).toEqual([
        'unknown store_id nobody',
        'status must be paid or refunded',
        expect.stringContaining('paid_at must be an ISO 8601 date-time'),
        expect.stringContaining('paid_at must be an ISO 8601 date-time'),
        'expected 5 fields, found 3',
        expect.stringContaining('amount must be naira'),
        'order_id is required',
      ]);
      expect(await count('sales')).toBe(0);
    });

    it('given the same order again with another amount should reject that line', async () => {
      await importSales(parseSalesCsv('order_id,store_id,amount,status,paid_at\no1,s1,1500,paid,2026-12-05'));
      const error = await rejection(() =>
        importSales(parseSalesCsv('order_id,store_id,amount,status,paid_at\no1,s1,1600,paid,2026-12-05')),
      );
      expect(error.errors).toEqual([
        { line: 2, reason: expect.stringContaining('already recorded with another amount') },
      ]);
    });

    it('given a header without the required columns should say which are missing', async () => {
      const error = await rejection(() => importSales(parseSalesCsv('order,store_id,amount\n1,s1,5')));
      expect(error.errors[0]).toEqual({
        line: 1,
        reason: expect.stringContaining('missing column order_id, status, paid_at'),
      });
    });

    it('given a refund before its sale should keep the order refunded', async () => {
      const summary = await importSales(
        parseSalesCsv(`order_id,store_id,amount,status,paid_at
  r1,s1,800,refunded,2026-12-05
  r1,s1,800,paid,2026-12-05`),
      );
      expect(summary).toMatchObject({ accepted: 0, refunds: 1, duplicates: 1 });
      expect(await revenueOf('s1')).toBe(0);
    });

    it('given NDJSON should accept numbers and strings for the amount', async () => {
      const ndjson = [
        '{"order_id":"n1","store_id":"s1","amount":1500.5,"status":"paid","paid_at":"2026-12-05T10:00:00Z"}',
        '{"order_id":"n2","store_id":"s2","amount":"99","status":"PAID","paid_at":"2026-12-05"}',
      ].join('\n');
      expect(await importSales(parseSalesNdjson(ndjson))).toMatchObject({ accepted: 2 });
      expect(await test.sale('n1')).toMatchObject({ amount_kobo: 150050 });
    });

    it.each([
      [
        'valid sales',
        (i: number) => `{"order_id":"b${i}","store_id":"s1","amount":"1500","status":"paid","paid_at":"2026-12-05"}`,
      ],
      ['bad lines', () => '{"order_id":"x"}'],
    ])(
      'given a 10 MB batch of %s should let other work run before it has read the batch to its end',
      async (_, line) => {
        const ndjson = Array.from({ length: Math.floor(10_000_000 / (line(0).length + 1)) }, (_, i) => line(i)).join(
          '\n',
        );
        // Turns of the event loop other work (a lookup over HTTP) gets, counted while the batch is read.
        let turns = 0;
        let counting = true;
        const turn = () => {
          turns += 1;
          if (counting) setImmediate(turn);
        };
        setImmediate(turn);
        let turnsWhenRead = 0;
        function* watched(input: ReturnType<typeof parseSalesNdjson>) {
          yield* input;
          turnsWhenRead = turns;
        }
        try {
          await importSales(watched(parseSalesNdjson(ndjson))).catch((error) => error);
        } finally {
          counting = false;
        }
        expect(turnsWhenRead).toBeGreaterThan(0);
      },
    );
  });

  describe('stores:import', () => {
    it('given a file with one bad row should apply nothing and name the line', async () => {
      const csv = `store_id,name,domain,logo_url
  s3,Mama Nkechi Kitchen,mama-nkechi-kitchen,
  s4,Bad Domain,not a domain!,
  s5,Bad Logo,bad-logo,javascript:alert(1)
  s6,Taken,adaeze-fabrics.kasuwa.shop,`;
      const error = await rejection(() => importStores(parseStoresCsv(csv)));
      expect(error.errors).toEqual([
        { line: 3, reason: 'domain is not a valid domain name' },
        { line: 4, reason: 'logo_url must be an http(s) URL' },
        { line: 5, reason: 'domain adaeze-fabrics.kasuwa.shop is already used by another store' },
      ]);
      expect(await count('stores')).toBe(2);
    });

    it('given a name with a terminal escape or a line break should apply nothing and name the line', async () => {
      const csv = 'store_id,name,domain,logo_url\ns7,"Clear\x1b[2J\x1b[31mRED",clear,\ns8,"Two\rlines",two-lines,';
      const error = await rejection(() => importStores(parseStoresCsv(csv)));
      const reason = 'name must not contain control characters (line breaks, tabs, terminal escapes)';
      expect(error.errors).toEqual([
        { line: 2, reason },
        { line: 3, reason },
      ]);
    });

    it('given the same stores again should report them unchanged, and changes as updates', async () => {
      const summary = await importStores(
        parseStoresCsv(
          'store_id,name,domain,logo_url\ns1,Adaeze Fabrics,adaeze-fabrics,\ns2,Tunde Gadgets Hub,tunde-gadgets-hub,',
        ),
      );
      expect(summary).toEqual({ created: 0, updated: 1, unchanged: 1, rejected: 0 });
    });
  });
});

describe('parsing', () => {
  it('given naira amounts should convert to kobo exactly', async () => {
    expect(nairaToKobo('0.1')).toBe(10);
    expect(nairaToKobo('1234.56')).toBe(123456);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo('1,000')).toBeUndefined();
    expect(nairaToKobo('1e3')).toBeUndefined();
  });

  it('given times without an offset should read them as Lagos time', async () => {
    expect(parseIsoTime('2026-12-01')).toBe('2026-11-30T23:00:00.000Z');
    expect(parseIsoTime('2026-12-01T08:30')).toBe('2026-12-01T07:30:00.000Z');
    expect(parseIsoTime('2026-12-01T08:30:00+0100')).toBe('2026-12-01T07:30:00.000Z');
    expect(parseIsoTime('2026-12-32')).toBeUndefined();
  });

  const storeLines = (csv: string) =>
    [...parseStoresCsv(csv)].map((parsed) => [parsed.line, parsed.row?.name ?? parsed.error]);

  it('given quoted CSV fields should unquote them', () => {
    const csv = 'store_id,name,domain,logo_url\ns1,"Ada, ""the"" Fabrics",ada,\ns2,Plain,plain,';
    expect(storeLines(csv)).toEqual([
      [2, 'Ada, "the" Fabrics'],
      [3, 'Plain'],
    ]);
  });

  it('given a quoted field with a line break (RFC 4180) should read it as one record, refuse it as a name and number later lines right', () => {
    const csv = 'store_id,name,domain,logo_url\r\ns1,"Mama Nkechi\r\nKitchen",mama,\r\n\r\ns2,Tunde,tunde,\r\n';
    expect(storeLines(csv)).toEqual([
      [2, 'name must not contain control characters (line breaks, tabs, terminal escapes)'],
      [5, 'Tunde'],
    ]);
  });

  it('given a quote that is never closed should report its line', () => {
    const csv = 'store_id,name,domain,logo_url\ns1,Ada,ada,\ns2,"Tunde,tunde,\ns3,Bola,bola,';
    expect(storeLines(csv)).toEqual([
      [2, 'Ada'],
      [3, 'unbalanced quotes'],
    ]);
  });
});
