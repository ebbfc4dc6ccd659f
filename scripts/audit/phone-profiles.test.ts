/** The CPU multipliers of the calibrated Lighthouse profiles (scripts/audit/phone-profiles.mjs, docs/quality.md). */
import { describe, expect, it } from 'vitest';
import {
  cheapPhoneMultiplier,
  cheapPhoneThrottling,
  defaultMobileMultiplier,
  defaultMobileThrottling,
  referenceIndex,
} from './phone-profiles.mjs';

describe('default mobile profile: the CPU throttling calculator', () => {
  it.each([
    [3400, 12],
    [3000, 10.3],
    [2000, 6],
    [1766, 5],
    [1533, 4],
    [1400, 3.4],
    [1300, 3],
    [1299, 3],
    [1050, 2.5],
    [800, 2],
    [799, 1],
    [125, 1],
  ])('index %i → %f×', (index, multiplier) => {
    expect(defaultMobileMultiplier(index)).toBe(multiplier);
  });

  it("keeps Lighthouse's mobile network (slow 4G) and sets only the CPU", () => {
    expect(defaultMobileThrottling(1533)).toMatchObject({
      rttMs: 150,
      throughputKbps: 1638.4,
      cpuSlowdownMultiplier: 4,
    });
  });
});

describe('cheap phone profile: BenchmarkIndex 375', () => {
  it.each([
    [375, 1],
    [750, 2],
    [1400, 3.7],
    [3000, 8],
    [3400, 9.1],
    [200, 1],
  ])('index %i → %f×', (index, multiplier) => {
    expect(cheapPhoneMultiplier(index)).toBe(multiplier);
  });

  it('is 300 ms RTT and 750 kbps down under simulated throttling', () => {
    expect(cheapPhoneThrottling(3000)).toMatchObject({ rttMs: 300, throughputKbps: 750, cpuSlowdownMultiplier: 8 });
  });
});

describe("the audit's reference page: an index from its two loops' times", () => {
  it.each([
    [[1600, 1600], 375, 1],
    [[200, 200], 3000, 8],
    // The loops need not agree: the index is the mean of the two, as Lighthouse's is.
    [[400, 200], 2250, 6],
  ])('loops of %j ms → index %i, target phone at %f×', (loopMs, index, multiplier) => {
    expect(referenceIndex(loopMs)).toBe(index);
    expect(cheapPhoneMultiplier(referenceIndex(loopMs))).toBe(multiplier);
  });
});
