/**
 * Partners' signed links on their own (docs/partners.md): a changed segment, another key or a past expiry
 * opens nothing; a key being rotated out still opens its links while PARTNER_LINK_SECRET_PREVIOUS is set;
 * every code partners:link accepts yields a link that opens, and partners:link refuses a weak secret.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../testing/server/admin-cli.js';
import { UsageError } from '../cli/command.js';
import { partnersLinkCommand } from '../cli/partners-link.js';
import { loadConfig } from '../config.js';
import { MAX_PARTNER_CODE_LENGTH, MIN_PARTNER_LINK_SECRET_BYTES, partnerLinks } from './links.js';

const NOW = new Date('2026-12-09T10:00:00Z');
const IN_30_DAYS = new Date(NOW.getTime() + 30 * 86_400_000);
const CURRENT = crypto.randomBytes(32);
const PREVIOUS = crypto.randomBytes(32);
const LINK = { partner: 'lagos-tech-weekly', keyVersion: 3, expiresAt: IN_30_DAYS };

/** The token with segment `index` (0 code, 1 key version, 2 expiry, 3 signature) replaced. */
function withSegment(token: string, index: number, value: string): string {
  const segments = token.split('.');
  segments[index] = value;
  return segments.join('.');
}

/** The same base64url character position with another letter. */
const flipLast = (segment: string) => segment.slice(0, -1) + (segment.endsWith('A') ? 'B' : 'A');

describe('partnerLinks', () => {
  const links = partnerLinks(CURRENT);
  const token = links.token(LINK);

  it('given a link it issued should read its code, key version and expiry back', () => {
    expect(token.split('.')).toHaveLength(4);
    expect(links.read(token, NOW)).toEqual({ ok: true, link: LINK });
  });

  it.each([
    ['the code, as another code', 0, Buffer.from('lagos-tech-weeklz').toString('base64url')],
    ['the code, one character', 0, flipLast(token.split('.')[0]!)],
    ['the key version', 1, '4'],
    ['the key version, spelt with a leading zero', 1, '03'],
    ['the expiry, a second later', 2, String(Number(token.split('.')[2]) + 1)],
    ['the expiry, spelt with a leading zero', 2, `0${token.split('.')[2]}`],
    ['the signature, one character', 3, flipLast(token.split('.')[3]!)],
    ['the signature, another link’s', 3, links.token({ ...LINK, partner: 'radio' }).split('.')[3]!],
  ])('given %s changed should refuse the link', (_what, index, value) => {
    const changed = withSegment(token, index, value);
    expect(changed).not.toBe(token);
    expect(links.read(changed, NOW)).toEqual({ ok: false, why: 'tampered' });
  });

  it('given the code segment with its spare base64url bits set should refuse it (one spelling per link)', () => {
    // 'radio' is 5 bytes: 7 characters carry 42 bits, the last 2 of them spare.
    const radio = links.token({ ...LINK, partner: 'radio' });
    const code = radio.split('.')[0]!;
    expect(code).toBe('cmFkaW8');
    const respelt = withSegment(radio, 0, 'cmFkaW9');
    expect(Buffer.from('cmFkaW9', 'base64url').toString()).toBe('radio');
    expect(links.read(respelt, NOW)).toEqual({ ok: false, why: 'tampered' });
  });

  it('given a token that is not four segments should refuse it', () => {
    for (const bad of ['', token.slice(0, -1), `${token}.1`, token.replaceAll('.', '~'), `${token}\n`]) {
      expect(links.read(bad, NOW)).toEqual({ ok: false, why: 'tampered' });
    }
  });

  it('given the expiry has passed should refuse the link as expired', () => {
    expect(links.read(token, IN_30_DAYS)).toEqual({ ok: false, why: 'expired' });
    const past = links.token({ ...LINK, expiresAt: new Date(NOW.getTime() - 1000) });
    expect(links.read(past, NOW)).toEqual({ ok: false, why: 'expired' });
  });

  it('given a link signed with another key should refuse it', () => {
    const forged = partnerLinks(crypto.randomBytes(32)).token(LINK);
    expect(links.read(forged, NOW)).toEqual({ ok: false, why: 'tampered' });
  });

  it(`given a key under ${MIN_PARTNER_LINK_SECRET_BYTES} bytes, current or previous, should refuse it`, () => {
    const short = crypto.randomBytes(MIN_PARTNER_LINK_SECRET_BYTES - 1);
    expect(() => partnerLinks(short)).toThrow(/has 31 bytes; at least 32 are needed/);
    expect(() => partnerLinks(Buffer.alloc(0))).toThrow(RangeError);
    expect(() => partnerLinks(CURRENT, short)).toThrow(/previous partner-link secret has 31 bytes/);
  });
});

describe('partnerLinks while the key is rotated', () => {
  const oldLink = partnerLinks(PREVIOUS).token(LINK);

  it('given PREVIOUS set should open a link the previous key signed', () => {
    expect(partnerLinks(CURRENT, PREVIOUS).read(oldLink, NOW)).toEqual({ ok: true, link: LINK });
  });

  it('given PREVIOUS no longer set should refuse it', () => {
    expect(partnerLinks(CURRENT).read(oldLink, NOW)).toEqual({ ok: false, why: 'tampered' });
  });

  it('should sign new links with the current key only', () => {
    const rotating = partnerLinks(CURRENT, PREVIOUS);
    const fresh = rotating.token(LINK);
    expect(fresh).toBe(partnerLinks(CURRENT).token(LINK));
    expect(partnerLinks(PREVIOUS).read(fresh, NOW)).toEqual({ ok: false, why: 'tampered' });
    expect(rotating.read(fresh, NOW)).toMatchObject({ ok: true });
  });

  it('given a changed link should refuse it under either key', () => {
    const rotating = partnerLinks(CURRENT, PREVIOUS);
    expect(rotating.read(withSegment(oldLink, 1, '4'), NOW)).toEqual({ ok: false, why: 'tampered' });
    expect(rotating.read(partnerLinks(crypto.randomBytes(32)).token(LINK), NOW)).toEqual({
      ok: false,
      why: 'tampered',
    });
  });
});

describe(`partner codes up to ${MAX_PARTNER_CODE_LENGTH} characters`, () => {
  const links = partnerLinks(CURRENT);
  const config = loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'off' });

  it.each([
    ['ASCII', 'a'.repeat(MAX_PARTNER_CODE_LENGTH)],
    // ẹ is 3 bytes of UTF-8 for one UTF-16 unit: the longest token a code can make.
    ['Yoruba, 3 bytes a character', 'ẹ'.repeat(MAX_PARTNER_CODE_LENGTH)],
    ['emoji, surrogate pairs', '😀'.repeat(MAX_PARTNER_CODE_LENGTH / 2)],
  ])('given a code of the longest length in %s should issue a link that opens', (_script, partner) => {
    expect(partner).toHaveLength(MAX_PARTNER_CODE_LENGTH);
    expect(links.read(links.token({ ...LINK, partner }), NOW)).toEqual({ ok: true, link: { ...LINK, partner } });
  });

  it('given a code one character longer should refuse it, in partners:link and in the token', async () => {
    const partner = 'a'.repeat(MAX_PARTNER_CODE_LENGTH + 1);
    await expect(partnersLinkCommand.run([partner], config)).rejects.toThrow(
      new UsageError(`A partner code has no control characters and at most ${MAX_PARTNER_CODE_LENGTH} characters.`),
    );
    expect(() => links.token({ ...LINK, partner })).toThrow(RangeError);
  });

  it('given a code that is not valid text (a lone surrogate) should not sign it', () => {
    expect(() => links.token({ ...LINK, partner: 'radio\ud800' })).toThrow(RangeError);
  });
});

describe('partners:link with a weak secret', () => {
  it.each([
    ['empty', '', 'PARTNER_LINK_SECRET=""'],
    ['31 bytes', 'x'.repeat(31), 'PARTNER_LINK_SECRET="…"'],
  ])('given PARTNER_LINK_SECRET %s should exit non-zero naming it and the 32-byte minimum', (_what, secret, shown) => {
    const result = runAdmin({ PARTNER_LINK_SECRET: secret }, 'partners:link', 'radio');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Configuration error: ${shown} is not valid: expected at least 32 bytes, such as the output of \`openssl rand -base64 32\`, or the variable unset.\n`,
    );
  });
});
