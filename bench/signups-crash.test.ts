import { describe, expect, it } from 'vitest';
import { runCrashTest, summary } from './signups-crash.js';

describe('signups across a crash', () => {
  it('given a server SIGKILLed part-way through 200 concurrent signups should keep every acknowledged one with exactly one e-mail', async () => {
    const result = await runCrashTest(200);
    console.log(summary(result));
    expect(result.acknowledged).toBeGreaterThanOrEqual(100);
    expect(result.acknowledged).toBeLessThan(200);
    expect(result.problems).toEqual([]);
    expect(result.persisted).toBe(result.acknowledged);
    expect(result.emails).toBe(result.acknowledged);
  }, 60_000);
});
