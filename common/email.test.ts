import { describe, expect, it } from 'vitest';
import { checkEmail, emailError } from './email.js';

describe('checkEmail', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['  ada@example.com  ', 'ada@example.com'],
    ['Ada.Obi@Example.COM', 'Ada.Obi@example.com'],
    ['funke+shop@mail.co.ng', 'funke+shop@mail.co.ng'],
  ])('given %j should accept it as %j', (input, normalised) => {
    expect(checkEmail(input)).toEqual({ ok: true, email: normalised });
  });

  it.each([
    ['', 'Required'],
    ['   ', 'Required'],
    [undefined, 'Required'],
    ['not-an-email', 'Invalid email address'],
    ['ada@localhost', 'Invalid email address'],
    ['ada @example.com', 'Invalid email address'],
    [`${'a'.repeat(250)}@x.ng`, 'Invalid email address'],
  ])('given %j should answer %j', (input, message) => {
    expect(checkEmail(input)).toEqual({ ok: false, message });
    expect(emailError(input)).toBe(message);
  });
});
