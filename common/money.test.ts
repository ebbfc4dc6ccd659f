import { describe, expect, it } from 'vitest';
import { formatCompactNaira, formatNaira } from './money.js';

describe('formatNaira', () => {
  it.each([
    [0, '₦0'],
    [12000, '₦12,000'],
    [2763147.5, '₦2,763,148'],
    [-12000, '-₦12,000'],
    [Number.NaN, '₦0'],
  ])('given %d should show %s', (amount, text) => {
    expect(formatNaira(amount)).toBe(text);
  });

  it('should print what Intl.NumberFormat en-NG prints, for halves, negatives and huge amounts', () => {
    const intl = new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency: 'NGN',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    const amounts = [0, -0, 0.5, 1.5, 2.5, -0.4, -0.5, 999.5, 1_234_567.5, 2 ** 53 + 2, 1.2345678901234568e20, 1e21];
    amounts.push(1.7976931348623157e308, 2 ** 60);
    // A fixed walk over many magnitudes, so a failure names an amount that can be tried again.
    for (let amount = 0.37; amount < 1e25; amount = amount * 7.3 + 0.5)
      amounts.push(amount, -amount, Math.round(amount));
    for (const amount of amounts) expect(formatNaira(amount), String(amount)).toBe(intl.format(amount));
  });
});

describe('formatCompactNaira', () => {
  it.each([
    [999_999, '₦999,999'],
    [1_000_000, '₦1M'],
    [1_500_000, '₦1.5M'],
    [2_000_000, '₦2M'],
    [3_240_000_000, '₦3.2G'],
    [999_990_000, '₦1G'],
    [7_100_000_000_000, '₦7.1T'],
    [4e15, '₦4P'],
    [2.5e18, '₦2.5E'],
  ])('given %d should show %s', (amount, text) => {
    expect(formatCompactNaira(amount)).toBe(text);
  });
});
