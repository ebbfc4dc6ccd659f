import { describe, expect, it } from 'vitest';
import { formatCompactNaira, formatNaira } from './money.js';

describe('formatNaira', () => {
  it.each([
    [0, '₦0'],
    [12000, '₦12,000'],
    [2763147.5, '₦2,763,148'],
  ])('given %d should show %s', (amount, text) => {
    expect(formatNaira(amount)).toBe(text);
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
