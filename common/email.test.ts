import { describe, expect, it } from 'vitest';
import { checkEmail, EMAIL_MAX_LENGTH, emailError, inboxKey } from './email.js';

const label63 = 'a'.repeat(63);
/** A 254-character address: 64-character local part, domain of 63-character labels. */
const longest = `${'l'.repeat(64)}@${label63}.${label63}.${'b'.repeat(58)}.ng`;

describe('checkEmail', () => {
  it('given the fixture for the length limit should be exactly at the limit', () => {
    expect(longest.length).toBe(EMAIL_MAX_LENGTH);
  });

  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['  ada@example.com  ', 'ada@example.com'],
    ['\tada@example.com\n', 'ada@example.com'],
    ['Ada.Obi@Example.COM', 'Ada.Obi@example.com'],
    ['funke+shop@mail.co.ng', 'funke+shop@mail.co.ng'],
    ['o_reilly@example.org', 'o_reilly@example.org'],
    ["d'angelo@example.ng", "d'angelo@example.ng"],
    ['user-name@sub-domain.example.com', 'user-name@sub-domain.example.com'],
    ['1234567890@numbers.ng', '1234567890@numbers.ng'],
    ['a@b.co', 'a@b.co'],
    ['x@xn--mnchen-3ya.de', 'x@xn--mnchen-3ya.de'],
    ['ada@bücher.de', 'ada@xn--bcher-kva.de'],
    ['Ada@BÜCHER.de', 'Ada@xn--bcher-kva.de'],
    ['ada@exämple.com', 'ada@xn--exmple-cua.com'],
    ['ada@пример.рф', 'ada@xn--e1afmkfd.xn--p1ai'],
    ['!#$%&*+/=?^_`{|}~-@example.com', '!#$%&*+/=?^_`{|}~-@example.com'],
    ['first.middle.last@example.com.ng', 'first.middle.last@example.com.ng'],
    ['shop@123.example', 'shop@123.example'],
    [`${'l'.repeat(64)}@example.com`, `${'l'.repeat(64)}@example.com`],
    [`ada@${label63}.com`, `ada@${label63}.com`],
    [longest, longest],
  ])('given %j should accept it as %j', (input, normalised) => {
    expect(checkEmail(input)).toEqual({ ok: true, email: normalised });
  });

  it.each([
    ['', 'Required'],
    ['   ', 'Required'],
    [undefined, 'Required'],
    [null, 'Required'],
    [42, 'Required'],
    ['not-an-email', 'Invalid email address'],
    ['@example.com', 'Invalid email address'],
    ['ada@', 'Invalid email address'],
    ['ada@@example.com', 'Invalid email address'],
    ['ada@localhost', 'Invalid email address'],
    ['ada@example', 'Invalid email address'],
    ['ada @example.com', 'Invalid email address'],
    ['ada@exam ple.com', 'Invalid email address'],
    ['ada obi@example.com', 'Invalid email address'],
    ['ada..obi@example.com', 'Invalid email address'],
    ['.ada@example.com', 'Invalid email address'],
    ['ada.@example.com', 'Invalid email address'],
    ['ada@example..com', 'Invalid email address'],
    ['ada@.example.com', 'Invalid email address'],
    ['ada@example.com.', 'Invalid email address'],
    ['ada@-example.com', 'Invalid email address'],
    ['ada@example-.com', 'Invalid email address'],
    ['ada@exa_mple.com', 'Invalid email address'],
    ['"ada"@example.com', 'Invalid email address'],
    ['"ada obi"@example.com', 'Invalid email address'],
    ['ada@[192.168.0.1]', 'Invalid email address'],
    ['adé@example.com', 'Invalid email address'],
    ['ada@bü cher.de', 'Invalid email address'],
    ['ada@bücher.de/x', 'Invalid email address'],
    ['ada@bücher', 'Invalid email address'],
    ['адa@пример.рф', 'Invalid email address'],
    ['ada@example.com (Ada)', 'Invalid email address'],
    ['Ada <ada@example.com>', 'Invalid email address'],
    ['ada,obi@example.com', 'Invalid email address'],
    ['ada@example.com,obi@example.com', 'Invalid email address'],
    ['ada\n@example.com', 'Invalid email address'],
    [`${'l'.repeat(65)}@example.com`, 'Invalid email address'],
    [`ada@${'a'.repeat(64)}.com`, 'Invalid email address'],
    [`${'a'.repeat(250)}@x.ng`, 'Invalid email address'],
    [`l${longest}`, 'Invalid email address'],
  ])('given %j should answer %j', (input, message) => {
    expect(checkEmail(input)).toEqual({ ok: false, message });
    expect(emailError(input)).toBe(message);
  });
});

describe('inboxKey', () => {
  it.each([
    ['Ada@Example.ng', 'ada@example.ng'],
    ['ada+shop@example.ng', 'ada@example.ng'],
    ['a.d.a@example.ng', 'a.d.a@example.ng'],
    ['A.d.a+x@gmail.com', 'ada@gmail.com'],
    ['ada@googlemail.com', 'ada@gmail.com'],
    ['+ada@example.ng', '+ada@example.ng'],
  ])('given %s should count the inbox %s', (email, key) => {
    expect(inboxKey(email)).toBe(key);
  });
});
