import { describe, expect, it } from 'vitest';
import { rateLimitedMessage } from './messages.js';

describe('rateLimitedMessage', () => {
  it.each([
    [1, 'Too many tries. Try again in a minute.'],
    [60, 'Too many tries. Try again in a minute.'],
    [61, 'Too many tries. Try again in 2 minutes.'],
    [691, 'Too many tries. Try again in 12 minutes.'],
    [3540, 'Too many tries. Try again in 59 minutes.'],
    [3541, 'Too many tries. Try again in an hour.'],
    [3600, 'Too many tries. Try again in an hour.'],
    [3601, 'Too many tries. Try again in 2 hours.'],
    [86_400, 'Too many tries. Try again in 24 hours.'],
  ])('given %i seconds to wait should say %j', (seconds, message) => {
    expect(rateLimitedMessage(seconds)).toBe(message);
  });
});
