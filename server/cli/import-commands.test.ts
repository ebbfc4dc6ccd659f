/**
 * The import commands as an operator runs them (`npm run admin -- stores:import|sales:import FILE.csv`,
 * `demo:generate`), on SQLite and with DATABASE_URL on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEST_TIMEOUT_MS, runAdmin } from '../../testing/server/admin-cli.js';
import { freshDatabase, type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';

vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS });

describe.each(TEST_BACKENDS)('on %s', (backend) => {
  let dir: string;
  let database: ScratchDatabase;

  const admin = (...args: string[]) => runAdmin(database.env, ...args);

  function file(name: string, text: string): string {
    const target = path.join(dir, name);
    fs.writeFileSync(target, text);
    return target;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-cli-'));
    database = await freshDatabase(backend);
  });

  afterAll(async () => {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('stores:import and sales:import', () => {
    it('given good files should import them and print a summary', () => {
      const stores = file('stores.csv', 'store_id,name,domain,logo_url\ns1,Adaeze Fabrics,adaeze-fabrics,\n');
      expect(admin('stores:import', stores)).toMatchObject({ code: 0, stdout: expect.stringContaining('created 1') });
      const sales = file(
        'sales.csv',
        'order_id,store_id,amount,status,paid_at\no1,s1,1500,paid,2026-12-05\no1,s1,1500,paid,2026-12-05\no2,s1,99,paid,2025-01-01\n',
      );
      expect(admin('sales:import', sales).stdout).toContain(
        'accepted 1, unchanged duplicates 1, refunds 0, outside the window 1, rejected 0',
      );
    });

    it('given a sales file with one bad row should exit 1, name the line and apply nothing', () => {
      const bad = file(
        'bad.csv',
        'order_id,store_id,amount,status,paid_at\no3,s1,1500,paid,2026-12-05\no4,s1,abc,paid,2026-12-05\n',
      );
      const result = admin('sales:import', bad);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${bad}:3: amount must be naira`);
      expect(result.stderr).toContain('nothing was applied');
      expect(admin('status').stdout).toMatch(/sales\s+2\b/);
    });

    it('given demo:generate twice should add the stores and sales once', () => {
      const first = admin('demo:generate', '--stores', '200', '--sales', '500');
      expect(first).toMatchObject({ code: 0, stdout: expect.stringContaining('stores: created 200') });
      expect(first.stdout).toMatch(/sales: accepted \d+/);
      const again = admin('demo:generate', '--stores', '200', '--sales', '500');
      expect(again.stdout).toContain('stores: created 0, updated 0, unchanged 200');
      expect(again.stdout).toContain('sales: accepted 0, unchanged duplicates 500');
    });
  });
});
