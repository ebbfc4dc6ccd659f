/**
 * contest:standings and contest:store as an operator runs them: `npm run admin -- …` on a fresh SQLite
 * file or PostgreSQL database (DATABASE_URL). The --final tests run in order on one database, as an
 * operator would: write, run again, then a late sale arrives.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEST_TIMEOUT_MS, runAdmin } from '../../testing/server/admin-cli.js';
import { freshDatabase, type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';
import { loadConfig } from '../config.js';
import { parseSalesCsv, parseStoresCsv } from '../contest/parse.js';
import type { ContestStorage } from '../contest/storage.js';
import { contestStorageFor } from '../contest/storage-for-database.js';

vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS });

// A window that has closed, so the final result may be written at once (no grace period).
const PAST = { CAMPAIGN_START: '2025-12-01', CAMPAIGN_END: '2026-01-31T23:59:59', CONTEST_GRACE_HOURS: '0' };
const { campaign } = loadConfig({ DATA_DIR: '/unused', ...PAST });

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  let database: ScratchDatabase;
  let storage: ContestStorage;

  const admin = (env: Record<string, string>, ...args: string[]) => runAdmin({ ...database.env, ...env }, ...args);

  beforeAll(async () => {
    database = await freshDatabase(backend);
    storage = contestStorageFor(database.opened);
    await storage.ensureStandings(campaign);
    await storage.importStores(
      parseStoresCsv(
        'store_id,name,domain,logo_url\nleader,"Leader, Ltd",leader,\ntie-a,Tie A,tie-a,\ntie-b,Tie B,tie-b,\nlast,Last,last,\n',
      ),
    );
    await storage.importSales(
      campaign,
      parseSalesCsv(`order_id,store_id,amount,status,paid_at
o1,leader,1000.50,paid,2025-12-05
o2,leader,300,paid,2025-12-06
o2,leader,300,refunded,2025-12-06
o3,tie-a,800,paid,2025-12-07
o4,tie-b,800,paid,2026-01-07
o5,last,100,paid,2026-01-08
o6,last,999,paid,2026-02-01T00:00:01+01:00
`),
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  describe('contest:standings', () => {
    it('given --format csv should print one row per place with the tie marked and each place’s prize', () => {
      const result = admin(PAST, 'contest:standings', '--format', 'csv');
      expect(result.code).toBe(0);
      expect(result.stdout.split('\r\n')).toEqual([
        'place,tied,store_id,name,domain,counted_revenue_naira,orders_counted,refunds,prize_naira,shared_by,shared_places_prizes_naira',
        '1,no,leader,"Leader, Ltd",leader.kasuwa.shop,1000.50,1,1,300000,1,',
        '2,yes,tie-a,Tie A,tie-a.kasuwa.shop,800.00,1,0,200000,2,300000',
        '2,yes,tie-b,Tie B,tie-b.kasuwa.shop,800.00,1,0,200000,2,300000',
        '4,no,last,Last,last.kasuwa.shop,100.00,1,0,50000,1,',
        '',
      ]);
      expect(result.stderr).toContain("the operator's decision");
    });

    it('given the window is still open plus its grace period, --final should refuse and say from when it may run', () => {
      const result = admin(
        { ...PAST, CAMPAIGN_END: '2099-01-31', CONTEST_GRACE_HOURS: '72' },
        'contest:standings',
        '--final',
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('it may be written from 2099-02-02T23:00:00.000Z (2099-02-03 00:00 Lagos time)');
    });

    it('given --final twice should write the result with its checksum once, then refuse to overwrite it (exit 1)', () => {
      const first = admin(PAST, 'contest:standings', '--final');
      expect(first.code).toBe(0);
      const checksum = /checksum sha256:([0-9a-f]{64})/.exec(first.stdout)?.[1];
      expect(checksum).toBeDefined();
      expect(first.stdout).toMatch(/=2\s+tie-a/);

      const second = admin(PAST, 'contest:standings', '--final');
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('already written and is never overwritten');
      expect(second.stderr).toContain(`checksum sha256:${checksum}`);
      expect(second.stderr).toContain('nothing has changed since');
    });

    it('given a late sale after the final result should refuse again and name the places that changed, and plain standings should say so too', async () => {
      await storage.importSales(
        campaign,
        parseSalesCsv('order_id,store_id,amount,status,paid_at\nlate,tie-b,750,paid,2026-01-31T20:00:00+01:00\n'),
      );
      const refused = admin(PAST, 'contest:standings', '--final');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('DIFFERS from the final result');
      expect(refused.stderr).toMatch(
        /place 1: then leader Leader, Ltd ₦1,000\.50, 1 orders, 1 refunds\n\s+now {2}tie-b Tie B ₦1,550\.00, 2 orders/,
      );
      const plain = admin(PAST, 'contest:standings');
      expect(plain.code).toBe(0);
      expect(plain.stdout).toMatch(/\n\s+1\s+tie-b/);
      expect(plain.stdout).toContain('DIFFERS from the final result');
    });
  });

  describe('contest:store', () => {
    it('given a domain should list its orders, counted or not and why, and its place', () => {
      const result = admin(PAST, 'contest:store', 'https://last.kasuwa.shop/');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('place      4 of 4 participants');
      expect(result.stdout).toMatch(/o5\s+2026-01-07T23:00:00.000Z\s+₦100.00\s+paid\s+counted/);
      expect(result.stdout).toMatch(/o6\s+2026-01-31T23:00:01.000Z\s+₦999.00\s+paid\s+outside the window/);
      expect(admin(PAST, 'contest:store', 'nobody').code).toBe(1);
    });
  });
});
