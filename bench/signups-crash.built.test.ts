import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, type ScratchDatabase, TEST_BACKENDS } from '../testing/server/databases.js';
import { runCrashTest, summary } from './signups-crash.js';

describe.each(TEST_BACKENDS)('signups across a crash on %s', (backend) => {
  let database: ScratchDatabase | undefined;
  afterEach(() => database?.drop());

  it('given a server SIGKILLed part-way through 200 concurrent signups should keep every acknowledged one with exactly one e-mail', async () => {
    database = await freshDatabase(backend);
    const result = await runCrashTest(200, database);
    console.log(`${backend}: ${summary(result)}`);
    expect(result.acknowledged).toBeGreaterThanOrEqual(100);
    expect(result.acknowledged).toBeLessThan(200);
    expect(result.problems).toEqual([]);
    expect(result.persisted).toBe(result.acknowledged);
    expect(result.emails).toBe(result.acknowledged);
    expect(result.sqliteFileWritten).toBe(backend === 'sqlite');
  }, 90_000);
});
