import { describe, expect, it } from 'vitest';
import { withoutAddresses } from './log.js';

describe('withoutAddresses', () => {
  it.each([
    ['550 5.1.1 <ada@example.ng>: Recipient address rejected', '550 5.1.1 <[address]>: Recipient address rejected'],
    ['550 <ADA+shop@Example.NG> unknown', '550 <[address]> unknown'],
    // An internationalised address (SMTPUTF8) and a punycode top-level domain.
    ['553 5.1.3 <adé@exämple.ng> refused', '553 5.1.3 <[address]> refused'],
    ['550 user bola@shop.xn--q9jyb4c does not exist', '550 user [address] does not exist'],
    ['RCPT TO:<"ada shops"@example.ng> failed', 'RCPT TO:<[address]> failed'],
  ])('given an SMTP answer %j should mask every address in it', (text, masked) => {
    expect(withoutAddresses(text)).toBe(masked);
  });

  it('given text without an address should leave it as it is', () => {
    expect(withoutAddresses('connect ECONNREFUSED 127.0.0.1:25 (@ noon)')).toBe(
      'connect ECONNREFUSED 127.0.0.1:25 (@ noon)',
    );
  });
});
