/**
 * The welcome e-mail in the signup's language (docs/languages.md, "E-mail"): a Hausa signup over HTTP
 * reaches the real SMTP sink with a Hausa subject, Hausa text and HTML parts, and Content-Language: ha.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { brand } from '../../common/brand.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { startSmtpSink } from '../../testing/server/smtp-sink.js';
import { postStartSelling, type StartSellingData } from '../../testing/server/start-selling.js';
import { startTestServer } from '../../testing/server/test-server.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The message's text: headers unfolded, RFC 2047 words and quoted-printable bodies decoded as UTF-8. */
function readable(raw: string): string {
  const bytes = (text: string) => Buffer.from(text.replace(/_/g, ' '), 'latin1');
  const words = raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
  const body = words
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
      bytes(run.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))).toString(
        'utf8',
      ),
    );
  return body;
}

async function signUp(base: string, data: StartSellingData) {
  const response = await postStartSelling(base, data);
  return response.json();
}

describe.each(TEST_BACKENDS)('the welcome e-mail in the signup language on %s', (backend) => {
  it('given a Hausa signup should send a Hausa mail (subject, text, HTML) with Content-Language: ha', async () => {
    const smtp = await startSmtpSink();
    cleanups.push(smtp.close);
    const started = await startTestServer(
      { DEMO_DATA: 'off', SMTP_URL: smtp.url, MAIL_FROM: 'Kasuwa <hello@kasuwa.shop>' },
      backend,
    );
    cleanups.push(() => started.close());
    expect(await signUp(started.base, { email: 'musa@example.ng', locale: 'ha' })).toEqual({
      data: { startSelling: { success: true } },
    });
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    const raw = smtp.received[0]!.raw;
    const mail = readable(raw);
    expect(raw).toMatch(/^Content-Language: ha$/m);
    expect(mail).toMatch(/^Subject: Shagonka na Kasuwa: sauke manhajar ka fara sayarwa$/m);
    // The text part and the HTML part, both in Hausa, with Hausa's own letters (ɗ, ƙ).
    expect(mail).toContain('Barka da zuwa Kasuwa!');
    expect(mail).toContain('Buɗe ta ka ƙirƙiri shagonka');
    expect(mail).toContain('<html lang="ha">');
    expect(mail).toContain('>Samu a Google Play</a>');
    expect(mail).toContain(`<a href="${brand.links.helpCenter}">cibiyar taimakonmu</a>`);
    expect(mail).not.toContain('Welcome to Kasuwa');
  });

  it('given a signup without a locale should send the English mail with Content-Language: en', async () => {
    const smtp = await startSmtpSink();
    cleanups.push(smtp.close);
    const started = await startTestServer({ DEMO_DATA: 'off', SMTP_URL: smtp.url }, backend);
    cleanups.push(() => started.close());
    await signUp(started.base, { email: 'ada@example.ng' });
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    const raw = smtp.received[0]!.raw;
    expect(raw).toMatch(/^Content-Language: en$/m);
    expect(readable(raw)).toContain('Welcome to Kasuwa!');
  });
});
